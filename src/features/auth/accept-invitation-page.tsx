import { ContentPage } from '../../components/content-page';

export default function AcceptInvitationPage() {
  return (
    <ContentPage
      eyebrow="Invitation"
      title="Accept your invitation"
      intro="A colleague has invited you to join your organisation on Accord. Open the invitation link in your e-mail and it will sign you in and add you to your organisation's team."
    >
      <p>If the link has expired, contact the system administrator of the network for a new invitation.</p>
    </ContentPage>
  );
}
