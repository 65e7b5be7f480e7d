import { ContentPage } from '../../components/content-page';

export default function AdminDashboardPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Admin dashboard"
      intro="An overview of the network for system administrators: applications waiting for review, member organisations and recent activity."
    />
  );
}
