import { ContentPage } from '../../components/content-page';

export default function MemberMessagesPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Messages"
      intro="Messages between your organisation and the network's administrators."
    />
  );
}
