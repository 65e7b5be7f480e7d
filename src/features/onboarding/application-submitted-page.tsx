import { ContentPage } from '../../components/content-page';

export default function ApplicationSubmittedPage() {
  return (
    <ContentPage
      eyebrow="Onboarding"
      title="Application submitted"
      intro="Thank you: your organisation's application to join Accord has been received. We review every application against the trust framework, and you can sign in at any time to see where yours stands."
    />
  );
}
