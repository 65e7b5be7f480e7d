import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';

export default function PricingPage() {
  return (
    <ContentPage
      eyebrow="Membership"
      title="Pricing"
      intro="Accord membership is billed per organisation, according to the verification volume and the services your organisation uses."
    >
      <p>To discuss the right plan for your organisation, join the network or write to <ContactLink />.</p>
    </ContentPage>
  );
}
