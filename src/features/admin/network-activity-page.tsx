import { ContentPage } from '../../components/content-page';

export default function NetworkActivityPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Network activity"
      intro="Verification and acceptance activity across the network, to spot trends and problems early."
    />
  );
}
