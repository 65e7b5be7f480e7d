import { UseCaseLayout } from './use-case-layout';

export default function HealthcareUseCasePage() {
  return (
    <UseCaseLayout
      slug="healthcare"
      title="Healthcare"
      description="How hospitals, clinics and telehealth services use Accord to register patients, secure remote consultations and trust practitioners’ checked credentials."
      intro="Hospitals, clinics and insurers confirm the identities of patients and practitioners, and the professional documents practitioners hold, so care can start with confidence in person and online."
      audience="Hospitals, clinics, general practices, telehealth services, pharmacies, insurers and healthcare staffing agencies"
      problem={
        <>
          <p>
            Healthcare depends on knowing who people are. A result filed in the wrong patient’s record can lead to the
            wrong treatment, a prescription issued to an impostor can feed fraud or addiction, and a clinician whose
            registration has lapsed should not be treating anyone.
          </p>
          <p>
            Yet the checks are repeated at every door. Patients bring the same documents to each new provider, or are
            registered with no check at all because the paperwork is too slow. Locum and agency staff have their
            identity, registration and qualifications checked again by every hospital and clinic they work for, which
            can take weeks while shifts go unfilled. Remote care adds another question: is the person on the video call
            the patient whose record is open?
          </p>
        </>
      }
      flows={[
        {
          title: 'Patient registration',
          summary: 'Patients are identified once, at the level the service needs, and the result follows them with their agreement.',
          steps: [
            'A patient registering with a practice, clinic or telehealth service verifies their identity at Substantial: in person at reception with a photo document, or remotely with a document check and a face match with liveness detection.',
            'The verified identity is linked to the patient record, which notes the level, the method and the member that made the check.',
            'When the patient is referred to, or chooses, another member provider, they agree to share the verification, and the provider accepts it. It asks only for what it needs in addition, such as their insurer’s details.',
          ],
        },
        {
          title: 'Remote consultations',
          summary: 'The person in the consultation is the patient, and the clinician is who they say they are.',
          steps: [
            'The patient signs in with two factors bound to their verified identity. Before a consultation that may lead to prescribing controlled drugs or sharing sensitive results, the service asks for a fresh face match.',
            'The clinician signs in with a phishing-resistant authenticator bound to their verified identity and checked registration.',
            'Both checks are recorded against the consultation, so the record shows who took part and at what level.',
          ],
        },
        {
          title: 'Practitioner credentials',
          summary: 'A practitioner’s identity, registration and qualifications, checked once by a member, are trusted by the next.',
          steps: [
            'A member such as a hospital or a staffing agency verifies the practitioner’s identity at High, confirms their registration with the professional regulator (in the UK, for example, the GMC, the NMC or the HCPC) and confirms their qualifications with the issuer.',
            'The verification records what was confirmed and when, and when each item is due to be checked again, such as an annual registration renewal.',
            'Another member engaging the same practitioner accepts the verification, checks the live register entry on the day they start, and records its acceptance.',
          ],
        },
      ]}
      assurance={[
        { check: 'Booking an appointment or making a general enquiry', identity: 'Low', documents: 'Not needed' },
        { check: 'Registering as a patient', identity: 'Substantial', documents: 'Substantial' },
        { check: 'Remote consultation and online access to records', identity: 'Substantial', documents: 'Not needed' },
        {
          check: 'Remote prescribing of controlled drugs',
          identity: 'Substantial, confirmed again at the consultation',
          documents: 'Not needed',
        },
        { check: 'Engaging a practitioner', identity: 'High', documents: 'High for registration and qualifications' },
      ]}
      assuranceNote="In the UK, pre-employment checks on practitioners also follow the NHS Employment Check Standards; a verification recorded under the framework shows which of them were met and when."
      forOrganisations={[
        'Agency and locum staff ready to work in days rather than weeks, with the live registration check made on the day they start.',
        'Fewer duplicate records and misidentified patients, because identity is established once, at a known level.',
        'A clear record of every check for regulators and inspectors.',
        'Less exposure to prescription fraud and impersonation in remote care.',
      ]}
      forPeople={[
        'Patients prove who they are once rather than at every new clinic, and can use remote care without visiting in person to be identified.',
        'Only identity checks are shared between members, never clinical information.',
        'Practitioners start new placements without sending the same documents to every employer.',
        'Anyone can check a provider’s membership and status in the public trust registry.',
      ]}
    />
  );
}
