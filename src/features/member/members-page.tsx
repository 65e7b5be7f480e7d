import { ContentPage } from '../../components/content-page';

export default function MembersPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Members"
      intro="The people in your organisation who use Accord, and their roles. Organisation administrators can invite colleagues from here."
    />
  );
}
