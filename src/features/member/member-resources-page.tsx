import { ContentPage } from '../../components/content-page';

export default function MemberResourcesPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Resources"
      intro="Guides, templates and documents from the network to help your team verify identities and documents."
    />
  );
}
