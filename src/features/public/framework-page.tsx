import { ContentPage } from '../../components/content-page';

export default function FrameworkPage() {
  return (
    <ContentPage
      eyebrow="How trust works"
      title="Trust Framework"
      intro="The trust framework is the set of rules every member follows: how identities and documents are checked, which evidence is acceptable, and how results are recorded so that other members can rely on them."
    >
      <p>Because every member applies the same rules, a verification is portable: the organisation that receives it knows exactly how it was made.</p>
    </ContentPage>
  );
}
