import { ContentPage } from '../../components/content-page';

export default function AdminInvestorsPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Investors"
      intro="Investors with access to the investor area and their access level: updates and reports (lite) or the full data room."
    />
  );
}
