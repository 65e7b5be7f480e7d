import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';

export default function HelpPage() {
  return (
    <ContentPage
      eyebrow="Your organisation"
      title="Help"
      intro="Answers to common questions about using Accord."
    >
      <p>
        If you cannot find what you need, write to <ContactLink /> and the team will help.
      </p>
    </ContentPage>
  );
}
