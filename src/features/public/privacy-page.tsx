import { Link as RouterLink } from 'react-router-dom';

import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';
import { usePageDescription } from '../../components/page-meta';
import { DataTable } from '../../components/prose';

const SECTIONS = {
  who: { id: 'who-we-are', title: 'Who we are' },
  collect: { id: 'data-we-collect', title: 'The data we collect' },
  verified: { id: 'people-members-verify', title: 'People our members verify' },
  purposes: { id: 'purposes-and-legal-bases', title: 'How we use data and on what legal basis' },
  sharing: { id: 'sharing', title: 'Who we share data with' },
  transfers: { id: 'international-transfers', title: 'International transfers' },
  retention: { id: 'retention', title: 'How long we keep data' },
  security: { id: 'security', title: 'How we protect data' },
  rights: { id: 'your-rights', title: 'Your rights' },
  storage: { id: 'cookies-and-browser-storage', title: 'Cookies and browser storage' },
  changes: { id: 'changes', title: 'Changes to this policy' },
  contact: { id: 'contact-and-complaints', title: 'Contact and complaints' },
} as const;

const PURPOSE_ROWS = [
  [
    'Showing the website and keeping it secure',
    'IP address, browser type, pages requested and the time of each request',
    'Legitimate interests: running a reliable, secure site',
  ],
  [
    'Signing you in',
    'Your e-mail address, your sign-in session and when you signed in',
    'Contract, or steps you ask us to take before one',
  ],
  [
    'Reviewing an application to join',
    'Organisation details, the contact person’s name and phone number, use cases, expected volumes, proof of registration and messages exchanged during the review',
    'Steps you ask us to take before a contract; legitimate interests in admitting only organisations that meet the trust framework',
  ],
  [
    'Publishing the trust registry',
    'The organisation’s public details, its status and the dated history of that status',
    'Legitimate interests: a public registry that anyone can rely on',
  ],
  [
    'Running membership: the dashboard, messages, support and billing',
    'Members’ users’ e-mail addresses and roles, messages, billing contacts and invoices',
    'Contract; legal obligation for accounting records',
  ],
  [
    'Enforcing the trust framework',
    'Audit and incident reports, correspondence and decisions on suspension, revocation and appeals',
    'Contract; legitimate interests in protecting members and the people they verify',
  ],
  [
    'Handling investor access requests',
    'Name, e-mail address, organisation, kind of investor and the access level granted',
    'Legitimate interests in answering investors; contract once access is granted',
  ],
  ['Answering messages you send us', 'Your name, e-mail address and what you tell us', 'Legitimate interests in replying to you'],
  ['Meeting our legal obligations', 'Whatever the obligation requires, and no more', 'Legal obligation'],
] as const;

export default function PrivacyPage() {
  usePageDescription(
    'How Accord Network collects, uses, shares and protects the personal data of visitors, applicants, members and investors, and your rights under UK and EU GDPR.',
  );

  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy policy"
      intro="How Accord collects, uses and protects personal data, including the identity and document information processed when members verify people."
      contents={Object.values(SECTIONS)}
      lastUpdated="2026-11-22"
    >
      <h2 id={SECTIONS.who.id}>{SECTIONS.who.title}</h2>
      <p>
        Accord Network operates the Accord trust and acceptance network and this website (“Accord”, “we”, “us”). For
        the personal data described in this policy we are the controller under the UK General Data Protection Regulation
        and the Data Protection Act 2018 and, for people in the European Economic Area, the EU General Data Protection
        Regulation.
      </p>
      <p>
        You can reach us, and the person responsible for data protection, at <ContactLink />. Please put “Data
        protection” in the subject line.
      </p>

      <h2 id={SECTIONS.collect.id}>{SECTIONS.collect.title}</h2>
      <h3>If you visit the website</h3>
      <p>
        You can read the site and search the trust registry without an account. Our hosting provider’s servers record
        technical data about each request (IP address, browser type, the page requested and the time) to deliver the
        site and protect it from abuse. We do not use analytics, advertising or tracking tools, and we do not record who
        looks up whom in the registry.
      </p>
      <h3>If you apply for your organisation</h3>
      <ul>
        <li>your e-mail address, which you use to sign in;</li>
        <li>
          your organisation’s legal and trading names, registration number, country, website, sector, size and logo;
        </li>
        <li>the contact person’s name and phone number;</li>
        <li>the use cases you apply for and the number of verifications you expect each month;</li>
        <li>the proof of registration you upload;</li>
        <li>when you confirmed your application, and the messages exchanged while we review it.</li>
      </ul>
      <p>
        While you fill in the form we save a draft on our servers, so you can continue on another device. The
        organisation details become public in the trust registry if the application is approved. The contact person’s
        details, the proof of registration and the review messages never do.
      </p>
      <h3>If your organisation is a member</h3>
      <ul>
        <li>the e-mail addresses and roles of your organisation’s users, and when they sign in;</li>
        <li>messages and support requests, and the notifications we send you;</li>
        <li>billing contacts, invoices and payment records;</li>
        <li>records of actions taken in the service, audit and incident reports, and our decisions about membership.</li>
      </ul>
      <h3>If you are an investor</h3>
      <p>
        When you request access to the investor area we collect your name, e-mail address, organisation and the kind of
        investor you are, and we keep a record of the access level we grant you.
      </p>
      <h3>If you write to us</h3>
      <p>We keep your name, your e-mail address and what you tell us, so that we can reply and follow up.</p>

      <h2 id={SECTIONS.verified.id}>{SECTIONS.verified.title}</h2>
      <p>
        Members verify the identities and documents of their own students, patients, customers and staff. Each member is
        the controller of the checks it makes, and its own privacy notice explains them. The network keeps no central
        database of the people members verify: members keep their own records, and under the{' '}
        <RouterLink to="/framework">trust framework</RouterLink> they share a verification only for a purpose the person
        has been told about, and only the facts the receiving member needs.
      </p>
      <p>
        If a service of the network ever processes verification data on a member’s behalf, we act as that member’s
        processor under a written data processing agreement, and the member’s notice tells you about it. To exercise
        your rights over a verification, contact the member that made it; if you cannot reach it, write to us and we will
        help.
      </p>

      <h2 id={SECTIONS.purposes.id}>{SECTIONS.purposes.title}</h2>
      <p>
        We use personal data only for the purposes below. Where we rely on legitimate interests, we have weighed them
        against your rights and you may object at any time. We make no decisions about anyone based solely on automated
        processing: every application is decided by a person.
      </p>
      <DataTable
        id="purposes-table"
        caption="Purposes, the personal data used and the legal basis for each"
        columns={['Purpose', 'Personal data', 'Legal basis']}
        rows={PURPOSE_ROWS}
        minW="40rem"
      />
      <p>We do not sell personal data, and we do not use it for advertising.</p>

      <h2 id={SECTIONS.sharing.id}>{SECTIONS.sharing.title}</h2>
      <ul>
        <li>
          <strong>The public</strong>: an approved organisation’s public details and status appear in the{' '}
          <RouterLink to="/trust-registry">trust registry</RouterLink> and its open API.
        </li>
        <li>
          <strong>Supabase</strong>, which hosts our database, sign-in, file storage and server functions in the
          European Union, as our processor.
        </li>
        <li>
          <strong>Our e-mail delivery provider</strong>, which sends sign-in links, application updates and
          notifications for us, as our processor.
        </li>
        <li>
          <strong>Professional advisers</strong>, such as auditors and lawyers, under a duty of confidentiality.
        </li>
        <li>
          <strong>Authorities</strong>: regulators, courts and law enforcement, when the law requires it or to protect
          people from fraud or harm.
        </li>
      </ul>
      <p>
        Our processors act only on our instructions, under contracts that meet data protection law. We will tell you
        which processors we use at any time if you ask.
      </p>

      <h2 id={SECTIONS.transfers.id}>{SECTIONS.transfers.title}</h2>
      <p>
        We store personal data in the European Union. If a processor needs to access it from another country, for
        example for support, the transfer is covered by an adequacy decision or by standard contractual clauses (with the
        UK addendum for data from the UK), and by the additional safeguards those clauses require.
      </p>

      <h2 id={SECTIONS.retention.id}>{SECTIONS.retention.title}</h2>
      <dl>
        <dt>Technical logs</dt>
        <dd>No more than 90 days.</dd>
        <dt>Drafts of applications</dt>
        <dd>Deleted when the application is submitted, or 12 months after the draft was last changed.</dd>
        <dt>Applications that were not approved</dt>
        <dd>Two years after the decision, so that we can answer questions about it and review a new application.</dd>
        <dt>Membership records and members’ user accounts</dt>
        <dd>For as long as the organisation is a member, and six years after membership ends.</dd>
        <dt>Invoices and accounting records</dt>
        <dd>Six years after the end of the financial year they belong to, as tax law requires.</dd>
        <dt>The trust registry and its dated status history</dt>
        <dd>
          For as long as the network operates, so that a lookup for a past date still gives the right answer. The
          registry describes organisations and holds very little personal data.
        </dd>
        <dt>Investor access requests</dt>
        <dd>Two years after our last contact, or while you have access and two years after it ends.</dd>
        <dt>Messages you send us</dt>
        <dd>Two years after the matter is closed.</dd>
        <dt>Your sign-in session in the browser</dt>
        <dd>Until you sign out or the session expires.</dd>
      </dl>

      <h2 id={SECTIONS.security.id}>{SECTIONS.security.title}</h2>
      <p>
        Data is encrypted in transit and at rest. Access is limited to what each person’s role requires and is enforced
        in the database itself: applicants and members can read only their own organisation’s records, and uploaded
        documents are stored privately and opened only through short-lived links. Sign-in uses one-time links or codes
        sent by e-mail, so there are no passwords to steal, and the actions of administrators are recorded.
      </p>

      <h2 id={SECTIONS.rights.id}>{SECTIONS.rights.title}</h2>
      <p>Under the UK GDPR and the EU GDPR you have the right to:</p>
      <ul>
        <li>get a copy of the personal data we hold about you;</li>
        <li>have inaccurate data corrected;</li>
        <li>have data erased, where we no longer need it or have no legal basis to keep it;</li>
        <li>restrict how we use your data while a question about it is settled;</li>
        <li>object to our use of your data based on legitimate interests;</li>
        <li>receive data you gave us in a portable format, where we use it under a contract;</li>
        <li>withdraw your consent at any time, where we rely on it.</li>
      </ul>
      <p>
        To exercise a right, write to <ContactLink />. We may ask you to confirm your identity. We answer within one
        month, or within three months for complex requests, in which case we tell you why within the first month. There
        is normally no charge.
      </p>

      <h2 id={SECTIONS.storage.id}>{SECTIONS.storage.title}</h2>
      <p>
        We set no cookies. The site loads no analytics, advertising or third-party scripts, and uses your device’s own
        fonts.
      </p>
      <p>
        If you sign in, your browser’s local storage keeps your sign-in session, an access token and a refresh token, so
        that you stay signed in as you move between pages. While a sign-in link is on its way to you, it also holds a
        one-time code that completes the sign-in securely. Nothing else is stored. Signing out removes the session, and
        you can clear both at any time in your browser’s settings. Because this storage is strictly necessary for a
        service you ask for, we do not ask for consent to it.
      </p>

      <h2 id={SECTIONS.changes.id}>{SECTIONS.changes.title}</h2>
      <p>
        When we change this policy we publish the new version here and update the date at the top. If a change affects
        how we use members’ or applicants’ data, we also tell them by e-mail before it takes effect.
      </p>

      <h2 id={SECTIONS.contact.id}>{SECTIONS.contact.title}</h2>
      <p>
        Questions about this policy or your data can be sent to <ContactLink />. If you are unhappy with our answer, you
        may complain to the Information Commissioner’s Office in the UK, or to the data protection authority where you
        live or work in the European Economic Area. We would appreciate the chance to put things right first.
      </p>
    </ContentPage>
  );
}
