import { ContentPage } from '../../components/content-page';

export default function AdminBillingPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Billing"
      intro="Member organisations' subscriptions and payment status."
    />
  );
}
