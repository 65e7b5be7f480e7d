import { ContentPage } from '../../components/content-page';

export default function ApplicationsPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Applications"
      intro="Applications from organisations asking to join the network. Review each one against the trust framework, then approve or decline it."
    />
  );
}
