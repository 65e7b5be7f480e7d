import { ContentPage } from '../../components/content-page';

export default function OnboardingPage() {
  return (
    <ContentPage
      eyebrow="Onboarding"
      title="Join the network"
      intro="Apply for your organisation to join Accord. You tell us about your organisation and how it verifies identities and documents; we review every application against the trust framework before membership is approved."
    />
  );
}
