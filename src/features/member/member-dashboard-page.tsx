import { ContentPage } from '../../components/content-page';

export default function MemberDashboardPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Member dashboard"
      intro="Your organisation's home in the network: its membership status, recent verifications and anything that needs your attention."
    />
  );
}
