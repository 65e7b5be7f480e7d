import { UseCaseLayout } from './use-case-layout';

export default function EducationUseCasePage() {
  return (
    <UseCaseLayout
      slug="education"
      title="Education"
      description="How schools and universities use Accord to verify students at enrolment, accept diplomas and transcripts checked by other members, and confirm exam candidates."
      intro="Schools, universities and training providers verify student identities and accept diplomas, transcripts and certificates checked by other members, instead of repeating the work for every application."
      audience="Schools, universities, colleges and training providers"
      problem={
        <>
          <p>
            Admissions and registry teams verify thousands of identities and qualifications each intake, usually within
            a few weeks. International applicants send scans of certificates from institutions the team has never dealt
            with, transfer students bring transcripts that must be confirmed with the institution that issued them, and
            every institution on an applicant’s shortlist repeats the same checks on the same documents.
          </p>
          <p>
            Fraud is a real risk: certificates from unaccredited degree mills and altered transcripts are cheap to buy,
            and impersonation in assessments has grown with online exams. The checks that would stop them are slow when
            every institution works alone, so students wait for decisions while documents travel back and forth.
          </p>
        </>
      }
      flows={[
        {
          title: 'Enrolment identity checks',
          summary: 'A student’s identity is verified once, at the level the course needs, and the result follows them.',
          steps: [
            'The applicant verifies their identity with the institution or the verification provider it uses: a passport or national identity card is checked as genuine and their face matched to it with liveness detection.',
            'The institution records the verification at Substantial, with the methods, the provider and the framework version.',
            'When the student moves to another member institution, for a joint programme, a transfer or postgraduate study, they agree to share the verification. The receiving institution checks the verifier’s status in the trust registry and accepts it instead of asking for the passport again.',
          ],
        },
        {
          title: 'Diplomas and transcripts accepted across institutions',
          summary:
            'A qualification is confirmed once, with the institution that awarded it, and other members accept the confirmation.',
          steps: [
            'An awarding institution that is a member confirms the award from its own records, or issues it as a digitally signed credential, which reaches document assurance High.',
            'Where the awarding body is not a member, the admitting institution confirms the document with the issuer or a recognised verification service, such as the Higher Education Degree Datacheck for UK degrees, and records the level reached.',
            'Other members accept the recorded verification with the student’s agreement, without asking for certified copies again. What a foreign qualification is worth remains each institution’s own decision, with advice from its national ENIC-NARIC centre: the network confirms that the document is genuine.',
          ],
        },
        {
          title: 'Proctored and remote exams',
          summary: 'The person sitting the exam is the student who enrolled.',
          steps: [
            'At enrolment the student is verified at Substantial, and the verified photo is linked to their student record.',
            'At the start of each exam, in a test centre or online, the candidate signs in with two factors and is matched against the verified photo, with liveness detection when they sit remotely.',
            'Member test centres and online proctoring providers accept each other’s candidate checks, so a student sitting a professional exam at a partner centre is not verified from scratch.',
          ],
        },
      ]}
      assurance={[
        { check: 'Applying for a place or registering interest', identity: 'Low', documents: 'Low' },
        { check: 'Enrolment, student finance and visa sponsorship', identity: 'Substantial', documents: 'Substantial' },
        {
          check: 'Admission on the strength of a prior qualification',
          identity: 'Substantial',
          documents: 'Substantial; High for regulated professions such as medicine or teaching',
        },
        { check: 'Coursework and exams that count towards an award', identity: 'Substantial', documents: 'Not needed' },
        { check: 'Professional and licensing exams', identity: 'High', documents: 'Substantial for prior qualifications' },
      ]}
      assuranceNote="Institutions that sponsor international students’ visas have document-checking duties of their own under their sponsor licence; the framework’s records show what was checked, by whom and when."
      forOrganisations={[
        'Admission decisions in days rather than weeks, without chasing issuers for confirmations another member already holds.',
        'Fewer copies of passports and certificates kept on file, and a clear record of what was checked, by whom and at what level, for auditors and sponsor compliance.',
        'Degree-mill certificates and altered transcripts stopped by checks with the issuer, not by eye.',
        'Confidence that the person sitting an assessment is the person who enrolled.',
      ]}
      forPeople={[
        'Students verify once and share the result with the next institution, instead of sending certified copies again.',
        'Only the facts an institution needs are shared: a confirmed degree and classification, not the whole file.',
        'Faster decisions, which matter most to international students working to visa deadlines.',
        'A clear route to correct a verification they believe is wrong, with the institution that made it.',
      ]}
    />
  );
}
