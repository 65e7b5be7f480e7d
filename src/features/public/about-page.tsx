import { ContentPage } from '../../components/content-page';

export default function AboutPage() {
  return (
    <ContentPage
      eyebrow="About"
      title="About Accord"
      intro="Accord connects organisations that need to trust each other's identity and document checks. Members agree to one trust framework, so a verification made by one member can be accepted by another without starting again."
    >
      <p>We work with schools and universities, healthcare providers, online services and organisations that operate across borders: anyone who needs to know that a person or a document is genuine before acting on it.</p>
    </ContentPage>
  );
}
