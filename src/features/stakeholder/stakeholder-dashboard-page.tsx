import { ContentPage } from '../../components/content-page';

export default function StakeholderDashboardPage() {
  return (
    <ContentPage
      eyebrow="Stakeholders"
      title="Stakeholder dashboard"
      intro="An overview of the network for its stakeholders: the member organisations, the verification activity between them and how acceptance is growing."
    />
  );
}
