import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';

export default function PrivacyPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy policy"
      intro="How Accord collects, uses and protects personal data, including the identity and document information processed when members verify people."
    >
      <p>Questions about your data can be sent to <ContactLink />.</p>
    </ContentPage>
  );
}
