import { ContentPage } from '../../components/content-page';

export default function StakeholderAnalyticsPage() {
  return (
    <ContentPage
      eyebrow="Stakeholders"
      title="Stakeholder analytics"
      intro="Trends in verification and acceptance across the network over time, by sector and by region."
    />
  );
}
