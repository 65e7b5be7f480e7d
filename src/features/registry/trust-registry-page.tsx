import { ContentPage } from '../../components/content-page';

export default function TrustRegistryPage() {
  return (
    <ContentPage
      eyebrow="Registry"
      title="Trust registry"
      intro="The public list of organisations that are members of the Accord network, with the verifications each one is trusted to perform. Check it before you rely on a result from another organisation."
    />
  );
}
