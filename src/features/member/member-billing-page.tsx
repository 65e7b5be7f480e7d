import { ContentPage } from '../../components/content-page';

export default function MemberBillingPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Billing"
      intro="Your organisation's plan, payment details and invoices."
    />
  );
}
