import { ContentPage } from '../../components/content-page';

export default function InvestorContentPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Investor content"
      intro="The updates, reports and data room documents published to investors."
    />
  );
}
