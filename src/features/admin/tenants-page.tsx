import { ContentPage } from '../../components/content-page';

export default function TenantsPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Tenants"
      intro="The member organisations of the network, their membership status and the people in each."
    />
  );
}
