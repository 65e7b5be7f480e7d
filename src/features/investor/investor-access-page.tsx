import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';

export default function InvestorAccessPage() {
  return (
    <ContentPage
      eyebrow="Investor relations"
      title="Investor access"
      intro="Access to the investor area is granted to each investor individually, at one of two levels: updates and reports, or the full data room."
    >
      <p>To request access, write to <ContactLink /> from the address you want to sign in with.</p>
    </ContentPage>
  );
}
