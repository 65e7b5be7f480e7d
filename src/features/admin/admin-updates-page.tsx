import { ContentPage } from '../../components/content-page';

export default function AdminUpdatesPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Updates"
      intro="The news posts published on the public Updates page."
    />
  );
}
