import { ContentPage } from '../../components/content-page';

export default function InvestorDashboardPage() {
  return (
    <ContentPage
      eyebrow="Investors"
      title="Investor dashboard"
      intro="Company updates, key metrics and reports shared with Accord's investors."
    />
  );
}
