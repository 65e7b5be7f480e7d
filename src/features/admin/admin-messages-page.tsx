import { ContentPage } from '../../components/content-page';

export default function AdminMessagesPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Messages"
      intro="Messages exchanged with member organisations."
    />
  );
}
