import { ContentPage } from '../../components/content-page';

export default function ApiGuidePage() {
  return (
    <ContentPage
      eyebrow="For developers"
      title="API guide"
      intro="How member organisations connect their own systems to Accord to request identity and document verifications and to read their results."
    >
      <p>API access is available to member organisations once their application has been approved.</p>
    </ContentPage>
  );
}
