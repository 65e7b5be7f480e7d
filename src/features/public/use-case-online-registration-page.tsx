import { ContentPage } from '../../components/content-page';

export default function OnlineRegistrationUseCasePage() {
  return (
    <ContentPage
      eyebrow="Use case"
      title="Online registration"
      intro="Online services check identity documents when people sign up, and accept verifications already made by other members of the network, so genuine customers get through quickly and fraudulent ones do not."
    />
  );
}
