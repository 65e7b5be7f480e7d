import { ContentPage } from '../../components/content-page';
import { useRecordInvestorVisit } from './use-record-investor-visit';

export default function InvestorDashboardPage() {
  useRecordInvestorVisit();
  return (
    <ContentPage
      eyebrow="Investors"
      title="Investor dashboard"
      intro="Company updates, key metrics and reports shared with Accord's investors."
    />
  );
}
