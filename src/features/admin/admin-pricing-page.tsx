import { ContentPage } from '../../components/content-page';

export default function AdminPricingPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Pricing plans"
      intro="The membership plans offered to organisations and what each one includes."
    />
  );
}
