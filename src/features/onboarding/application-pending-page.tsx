import { ContentPage } from '../../components/content-page';

export default function ApplicationPendingPage() {
  return (
    <ContentPage
      eyebrow="Onboarding"
      title="Application under review"
      intro="Your organisation's application to join Accord is being reviewed. You will have access to the member dashboard as soon as it is approved."
    />
  );
}
