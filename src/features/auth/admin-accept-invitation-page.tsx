import { ContentPage } from '../../components/content-page';

export default function AdminAcceptInvitationPage() {
  return (
    <ContentPage
      eyebrow="Administrator invitation"
      title="Become a network administrator"
      intro="This page accepts an invitation to become a system administrator of the Accord network. Sign in first, then open the link from your invitation e-mail."
    />
  );
}
