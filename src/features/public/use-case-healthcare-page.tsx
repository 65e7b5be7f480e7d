import { ContentPage } from '../../components/content-page';

export default function HealthcareUseCasePage() {
  return (
    <ContentPage
      eyebrow="Use case"
      title="Healthcare"
      intro="Hospitals, clinics and insurers confirm the identities of patients and practitioners, and the professional documents practitioners hold, so care can start with confidence in person and online."
    >
      <p>A practitioner verified by one member can start work with another without their registration and qualifications being checked all over again.</p>
    </ContentPage>
  );
}
