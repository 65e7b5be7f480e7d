import { ContentPage } from '../../components/content-page';

export default function TermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of service"
      intro="The terms that apply to organisations using Accord, including each member's obligations under the trust framework and the rules for relying on other members' verifications."
    />
  );
}
