import { ContentPage } from '../../components/content-page';

export default function CrossBorderUseCasePage() {
  return (
    <ContentPage
      eyebrow="Use case"
      title="Cross-border verification"
      intro="Organisations in different countries accept each other's identity and document checks under one framework, so people who study, work or move abroad are not verified from scratch at every step."
    />
  );
}
