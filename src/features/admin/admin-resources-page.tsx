import { ContentPage } from '../../components/content-page';

export default function AdminResourcesPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Resources"
      intro="The guides, templates and documents published to members in their dashboard."
    />
  );
}
