import { ContentPage } from '../../components/content-page';

export default function SchemasPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Schemas"
      intro="The identity and document schemas the network recognises, which define what a verification result contains."
    />
  );
}
