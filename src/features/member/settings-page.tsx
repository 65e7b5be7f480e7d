import { ContentPage } from '../../components/content-page';

export default function SettingsPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Settings"
      intro="Your account details and how Accord notifies you."
    />
  );
}
