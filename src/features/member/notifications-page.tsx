import { ContentPage } from '../../components/content-page';

export default function NotificationsPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Notifications"
      intro="Alerts about your organisation's membership, its verifications and your account."
    />
  );
}
