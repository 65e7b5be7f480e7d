import { ContentPage } from '../../components/content-page';

export default function EducationUseCasePage() {
  return (
    <ContentPage
      eyebrow="Use case"
      title="Education"
      intro="Schools, universities and training providers verify student identities and accept diplomas, transcripts and certificates checked by other members, instead of repeating the work for every application."
    >
      <p>Admissions teams spend less time chasing paper, and students apply once with documents that every member institution recognises.</p>
    </ContentPage>
  );
}
