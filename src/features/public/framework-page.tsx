import { Link as RouterLink } from 'react-router-dom';

import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';
import { usePageDescription } from '../../components/page-meta';
import { DataTable } from '../../components/prose';

/** The page's sections, in order: the contents list and the headings both read them. */
const FRAMEWORK_SECTIONS = {
  scope: { id: 'scope', title: 'Purpose and scope' },
  roles: { id: 'roles', title: 'Participant roles' },
  levels: { id: 'levels', title: 'Levels of assurance' },
  rules: { id: 'rules', title: 'Rules members accept' },
  governance: { id: 'governance', title: 'Governance and changes' },
  suspension: { id: 'suspension', title: 'Suspension, revocation and reinstatement' },
} as const;

const S = FRAMEWORK_SECTIONS;

const IDENTITY_MAPPING_ROWS = [
  [
    'Low',
    'Low',
    'IAL1 and AAL1 (SP 800-63-4); SP 800-63-3 has no proofing at IAL1',
    'GPG 45 low confidence; GPG 44 low protection',
    'Details checked against one piece of evidence or one reliable record; one authentication factor.',
  ],
  [
    'Substantial',
    'Substantial',
    'IAL2 and AAL2',
    'GPG 45 medium confidence; GPG 44 medium protection',
    'Photo identity document proven genuine and matched to the person, remotely with liveness detection or in person; two authentication factors.',
  ],
  [
    'High',
    'High',
    'IAL3 and AAL3',
    'GPG 45 high or very high confidence; GPG 44 high protection',
    'Strongest evidence verified cryptographically or with its issuer, person matched in person or in a supervised session; phishing-resistant hardware-backed authenticator.',
  ],
] as const;

const DOCUMENT_LEVEL_ROWS = [
  [
    'Low',
    'The document exists, is of the type claimed and its details are consistent with the person presenting it.',
    'Inspection of the document or an image of it; consistency and format checks.',
    'Supporting evidence only, never on its own.',
  ],
  [
    'Substantial',
    'The document is genuine and unaltered, and belongs to the person presenting it.',
    'Security features examined by trained staff or certified document-verification technology, or details confirmed with the issuer’s records; matched to a person verified at Low or above.',
    'Most onboarding and acceptance decisions.',
  ],
  [
    'High',
    'As Substantial, with the issuer’s own confirmation or signature checked.',
    'Chip read and its signature checked (ICAO Doc 9303), a digitally signed or sealed credential verified against the issuer’s key, or direct confirmation by the issuing authority; matched to a person verified at Substantial or above.',
    'Professional registration, regulated qualifications, decisions that are hard to reverse.',
  ],
] as const;

export default function FrameworkPage() {
  usePageDescription(
    'Accord’s trust framework: participant roles, identity and document assurance levels mapped to eIDAS, NIST SP 800-63 and the UK framework, rules and governance.',
  );

  return (
    <ContentPage
      eyebrow="How trust works"
      title="Trust Framework"
      intro="The trust framework is the set of rules every member follows: how identities and documents are checked, which evidence is acceptable, and how results are recorded so that other members can rely on them."
      contents={Object.values(FRAMEWORK_SECTIONS)}
      lastUpdated="2026-11-22"
    >
      <h2 id={S.scope.id}>{S.scope.title}</h2>
      <p>
        Because every member applies the same rules, a verification is portable: the organisation that receives it
        knows exactly how it was made, at what level and under which version of this framework. This is version 1.0,
        in force from 22 November 2026.
      </p>
      <p>The framework covers three things:</p>
      <ul>
        <li>
          <strong>Identity verification</strong>: establishing that a person is who they claim to be, and authenticating
          them when they return.
        </li>
        <li>
          <strong>Document verification</strong>: establishing that a document a person presents, such as a passport,
          a diploma or a professional registration, is genuine, current and theirs.
        </li>
        <li>
          <strong>Acceptance</strong>: the conditions under which one member may rely on a verification made by another,
          and what each of them must record.
        </li>
      </ul>
      <p>
        It does not decide whether a person is eligible for a service, a course or a job. That decision stays with the
        member, which uses verified facts to make it.
      </p>

      <h2 id={S.roles.id}>{S.roles.title}</h2>
      <h3>Network operator</h3>
      <p>
        Accord Network runs the service, reviews applications, keeps the{' '}
        <RouterLink to="/trust-registry">trust registry</RouterLink>, monitors compliance and handles incidents,
        suspensions and appeals. It acts as secretariat to the Framework Board. The operator does not verify people
        itself and does not compete with its members.
      </p>
      <h3>Members</h3>
      <p>Members are organisations approved to join the network. A member takes one or both of these roles:</p>
      <ul>
        <li>
          <strong>Relying party</strong>: accepts verifications made by other members to decide whether to admit,
          register, employ or serve someone.
        </li>
        <li>
          <strong>Verifier</strong>: carries out identity and document checks at the levels it has declared, and makes
          the results available to relying parties when the person concerned asks for or agrees to it.
        </li>
      </ul>
      <p>
        Each member declares, when it applies, which roles it takes and the levels at which it verifies. The operator
        checks the declaration before approval, and the registry shows the member and its status.
      </p>
      <h3>Identity and document verification providers</h3>
      <p>
        Specialist companies perform checks for members: document authentication, face matching with liveness
        detection, checks against authoritative records, and digital identity wallets. A provider works on a member’s
        behalf, usually as its processor; the member remains responsible for every verification it makes, whichever
        provider it uses. Providers that work with the network are listed in the{' '}
        <RouterLink to="/ecosystem">ecosystem directory</RouterLink>.
      </p>
      <h3>Individuals</h3>
      <p>
        Students, patients, customers, practitioners and travellers are the people whose identities and documents are
        verified. They sign nothing with the network, but the framework gives them rights that every member must honour:
      </p>
      <ul>
        <li>to know which member verified them, at what level, and which member is relying on that verification;</li>
        <li>to have a verification shared only for a purpose they have been told about;</li>
        <li>to receive only the facts a relying party needs, not copies of their documents by default;</li>
        <li>to challenge a verification they believe is wrong, and to have it corrected or withdrawn.</li>
      </ul>

      <h2 id={S.levels.id}>{S.levels.title}</h2>
      <p>
        Not every interaction needs the strongest checks. Accord defines three levels for identity and three for
        documents, named as in eIDAS, so that members ask for what the risk justifies and no more. A relying party
        states the level it needs; a verification at that level or above satisfies it.
      </p>
      <h3 id="identity-assurance">Identity assurance</h3>
      <dl>
        <dt>Low</dt>
        <dd>
          The claimed identity is supported by evidence and checked for consistency, giving limited confidence that it
          belongs to the person. Suitable where a mistake causes little harm, such as registering for an open event.
        </dd>
        <dt>Substantial</dt>
        <dd>
          A photo identity document has been proven genuine, and the person has been shown to be its rightful holder:
          in person by trained staff, or remotely by face comparison with liveness detection. Suitable for most
          regulated onboarding, such as enrolment, patient registration or opening an account.
        </dd>
        <dt>High</dt>
        <dd>
          As Substantial, with the strongest evidence verified cryptographically or with its issuer, and the person
          matched in person or in a supervised remote session; or an eIDAS-notified electronic identification means at
          level high. Suitable where impersonation causes serious harm, such as granting prescribing rights.
        </dd>
      </dl>
      <p>
        When a verified person comes back, the member authenticates them with matching strength: one factor at Low,
        two factors at Substantial, and at High two factors including a phishing-resistant, hardware-backed
        authenticator such as a passkey held on a security key or a smart card.
      </p>
      <p>The table shows how Accord’s identity levels correspond to the public frameworks members already work with:</p>
      <ul>
        <li>
          <strong>eIDAS</strong> levels of assurance, set by Regulation (EU) No 910/2014 and Implementing Regulation (EU)
          2015/1502;
        </li>
        <li>
          <strong>NIST SP 800-63-3</strong> and its successor <strong>SP 800-63-4</strong>: identity assurance levels
          (IAL) and authenticator assurance levels (AAL);
        </li>
        <li>
          the <strong>UK digital identity and attributes trust framework</strong>, published from its 1.0 edition as the
          UK digital verification services trust framework under the Data (Use and Access) Act 2025, with its good
          practice guides GPG 45 for identity and GPG 44 for authentication.
        </li>
      </ul>
      <DataTable
        id="identity-mapping"
        caption="Accord identity assurance levels and the public frameworks they correspond to"
        columns={['Accord level', 'eIDAS level of assurance', 'NIST SP 800-63', 'UK trust framework', 'In practice']}
        rows={IDENTITY_MAPPING_ROWS}
        minW="46rem"
      />
      <p>
        The correspondence is a mapping, not a legal equivalence: each framework sets its own requirements, and a
        member that must meet one of them by law, or for a certification, still meets it in full. Where a member holds a
        certification under one of these frameworks, the operator takes it into account when checking the member’s
        declared levels.
      </p>
      <h3 id="document-assurance">Document assurance</h3>
      <p>
        A document is only as trustworthy as the check made on it. Document levels say how its authenticity was
        established and how firmly it was tied to the person presenting it.
      </p>
      <DataTable
        id="document-levels"
        caption="Accord document assurance levels"
        columns={['Level', 'What is established', 'Typical methods', 'Typically relied on for']}
        rows={DOCUMENT_LEVEL_ROWS}
        minW="44rem"
      />

      <h2 id={S.rules.id}>{S.rules.title}</h2>
      <p>By joining, every member agrees to these rules, in addition to the law that applies to it.</p>
      <ol>
        <li>
          <strong>Verify at the declared level.</strong> A verification shared with the network meets every requirement
          of the level it claims. A member that cannot reach a level for a person says so, and records the level it did
          reach.
        </li>
        <li>
          <strong>Keep a record of each verification.</strong> The verifier records the level reached, the methods and
          types of evidence used, the provider, the date, the framework version and who performed or supervised the
          check. The relying party records which verification it accepted, from which member and when. Records are kept
          for at least two years after a verification was last relied on, or longer where the law requires, and copies
          of documents are kept only where the law or the purpose requires them.
        </li>
        <li>
          <strong>Protect personal data.</strong> Members comply with the UK GDPR or the EU GDPR and the data protection
          law that applies to them. Each member is the controller of the checks it makes, tells people how their data is
          used, shares only the facts a relying party needs, carries out a data protection impact assessment before
          using biometrics, and has a written agreement with each provider that processes data for it.
        </li>
        <li>
          <strong>Report incidents within 24 hours.</strong> A member tells the operator within 24 hours of becoming
          aware of a security incident, fraud or error that could affect verifications other members rely on. The
          operator warns the members concerned. This is separate from, and does not replace, a member’s duty to notify
          its data protection authority within 72 hours.
        </li>
        <li>
          <strong>Use the registry honestly.</strong> Members keep their registry details accurate, and correct them
          within 14 days of a change. They claim only the levels they have declared and been approved for, present
          themselves as members only while their status is active, and check a verifier’s status on the date of a
          verification before relying on it.
        </li>
        <li>
          <strong>Be audited.</strong> Every member completes a self-assessment when it joins and every year after.
          Members that verify at Substantial or High also provide an independent assessment every two years, such as a
          certification under the UK trust framework, an eIDAS conformity assessment, or an ISO/IEC 27001 certificate
          together with a review against this framework. The operator may audit a member on 30 days’ notice, or on five
          working days’ notice after a serious incident, and members correct findings within the time agreed.
        </li>
      </ol>

      <h2 id={S.governance.id}>{S.governance.title}</h2>
      <h3>The Framework Board</h3>
      <p>
        The framework belongs to its members, not to the operator. It is set by the Framework Board of seven voting
        members:
      </p>
      <ul>
        <li>
          four members’ representatives, one each for education, healthcare, online services and cross-border
          verification, elected by the members for two-year terms;
        </li>
        <li>two independent members, one with expertise in data protection and one in information security;</li>
        <li>an independent chair.</li>
      </ul>
      <p>
        The operator attends without a vote. The board meets at least every quarter, needs five voting members present
        to decide, and decides by majority. Members declare any conflict of interest and take no part in decisions
        that concern their own organisation. Minutes are published within 30 days of each meeting.
      </p>
      <h3>Versions</h3>
      <p>
        Each version of the framework is numbered and dated. A new major version (2.0) changes rules or levels; a
        minor version (1.1) clarifies wording without changing what members must do. Every verification records the
        version it was made under, and verifications made under an earlier version remain valid for the transition
        period the new version sets, which is at least six months for a major version. Every version ever in force
        stays published.
      </p>
      <h3>How the framework changes</h3>
      <ol>
        <li>Anyone may propose a change: a member, the operator, a board member or a member of the public.</li>
        <li>The operator publishes the proposal with a note of its effect on members and on the people they verify.</li>
        <li>The proposal is open for comment for at least 30 days.</li>
        <li>The board decides, and publishes its decision with its answers to the comments received.</li>
        <li>
          An adopted change takes effect at least 90 days after publication for a major version, and at least 30 days
          for a minor one.
        </li>
      </ol>
      <p>
        A change needed urgently for security or to comply with the law may take effect at once; the board confirms or
        reverses it within 30 days.
      </p>

      <h2 id={S.suspension.id}>{S.suspension.title}</h2>
      <p>
        Other members rely on every member’s verifications, so the operator acts when a member stops meeting the
        framework. Each step is proportionate, in writing and open to appeal.
      </p>
      <h3>Grounds</h3>
      <ul>
        <li>verifications that did not meet the level they claimed;</li>
        <li>a serious or repeated breach of the rules above, including an incident not reported in time;</li>
        <li>an audit finding not corrected in the time agreed;</li>
        <li>misuse of the registry, or misrepresenting membership or declared levels;</li>
        <li>fees unpaid 30 days after a written reminder;</li>
        <li>insolvency, or losing a licence or registration the member needs for the checks it makes.</li>
      </ul>
      <h3>Notice</h3>
      <p>
        The operator sends the member a written notice setting out the grounds and the evidence, and gives it 14 days
        to respond or put things right. Where there is an ongoing risk to people or to other members, such as
        compromised systems or fraud, the operator may suspend the member at once and send the notice the same day.
      </p>
      <h3>Suspension and revocation</h3>
      <p>
        A suspended member stays in the registry with the status suspended. From the date the suspension takes effect,
        relying parties accept no new verifications from it. Verifications it made before that date remain valid
        unless the notice says that some of them were flawed, in which case the operator tells the members that relied
        on them.
      </p>
      <p>
        Membership is revoked when a suspension has not been resolved within 60 days, after a serious breach, or when
        a member leaves the network. A revoked member is shown with the status revoked and can no longer act as a
        member.
      </p>
      <h3>Appeal</h3>
      <p>
        A member may appeal a suspension or revocation within 30 days of the notice, by writing to <ContactLink />. A
        panel of board members who were not involved in the case hears the appeal and decides within 30 days. The
        suspension or revocation stays in effect during the appeal unless the panel decides otherwise.
      </p>
      <h3>Reinstatement</h3>
      <p>
        A suspended member that has put things right, with evidence such as a follow-up audit, is reinstated by the
        operator and shown as active again from the date of reinstatement. An organisation whose membership was revoked
        may apply again through <RouterLink to="/onboarding">the membership application</RouterLink>.
      </p>
      <h3>What the registry shows</h3>
      <p>
        The <RouterLink to="/trust-registry">trust registry</RouterLink> shows every member’s current status with the
        date it took effect, and keeps the dated history of every change, so anyone can check how a member stood on
        the day a verification was made. The grounds for a suspension are shared with the member but not published.
      </p>
    </ContentPage>
  );
}
