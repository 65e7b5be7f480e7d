import { Link as RouterLink } from 'react-router-dom';

import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';
import { usePageDescription } from '../../components/page-meta';

const SECTIONS = {
  about: { id: 'about-these-terms', title: 'About these terms' },
  site: { id: 'website-and-registry', title: 'Using the website and the registry' },
  eligibility: { id: 'eligibility', title: 'Who can join' },
  applications: { id: 'applications', title: 'Applications and approval' },
  accounts: { id: 'accounts', title: 'Accounts and signing in' },
  obligations: { id: 'member-obligations', title: 'Members’ obligations' },
  acceptableUse: { id: 'acceptable-use', title: 'Acceptable use' },
  registry: { id: 'trust-registry', title: 'The trust registry' },
  fees: { id: 'fees', title: 'Fees and payment' },
  investors: { id: 'investor-area', title: 'The investor area' },
  ip: { id: 'intellectual-property', title: 'Intellectual property' },
  data: { id: 'personal-data', title: 'Personal data' },
  ending: { id: 'suspension-and-termination', title: 'Suspension and termination' },
  liability: { id: 'liability', title: 'Liability' },
  changes: { id: 'changes', title: 'Changes to the service and to these terms' },
  law: { id: 'governing-law', title: 'Governing law and disputes' },
  contact: { id: 'contact', title: 'Contact' },
} as const;

export default function TermsPage() {
  usePageDescription(
    'The terms for using Accord: the website and open registry, who can join, approval, members’ obligations, acceptable use, fees, suspension, liability and law.',
  );

  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of service"
      intro="The terms that apply to organisations using Accord, including each member’s obligations under the trust framework and the rules for relying on other members’ verifications."
      contents={Object.values(SECTIONS)}
      lastUpdated="2026-11-22"
    >
      <h2 id={SECTIONS.about.id}>{SECTIONS.about.title}</h2>
      <p>
        Accord is a trust and acceptance network operated by Accord Network (“we”, “us”). These terms apply to everyone
        who uses this website, the trust registry and its open API, and to every organisation that applies for or holds
        membership (“you”). For members, the <RouterLink to="/framework">trust framework</RouterLink> in force at the
        time forms part of these terms, together with the plan you choose. If the framework and these terms conflict on
        how verifications are made, recorded or relied on, the framework prevails.
      </p>
      <p>
        The person who accepts these terms for an organisation confirms that they are authorised to bind it. The service
        is offered to organisations, not to consumers.
      </p>

      <h2 id={SECTIONS.site.id}>{SECTIONS.site.title}</h2>
      <p>
        Anyone may read this website and search the trust registry free of charge. Systems may query the registry
        through the open API described in the <RouterLink to="/api-guide">API guide</RouterLink>, at a rate that does
        not impair the service for others. You may quote registry information if you say that it comes from the Accord trust registry and the
        date you looked it up, and you do not suggest that we endorse you or your product.
      </p>

      <h2 id={SECTIONS.eligibility.id}>{SECTIONS.eligibility.title}</h2>
      <p>Membership is open to an organisation that:</p>
      <ul>
        <li>
          is legally established, such as a company, partnership, charity, public body, educational institution or
          healthcare provider;
        </li>
        <li>verifies identities or documents, or needs to rely on such verifications, in the course of its work;</li>
        <li>can meet the trust framework at the levels it declares, and the data protection law that applies to it;</li>
        <li>is not subject to sanctions, and is not barred by a regulator from the activities it applies for.</li>
      </ul>

      <h2 id={SECTIONS.applications.id}>{SECTIONS.applications.title}</h2>
      <p>
        You apply through the <RouterLink to="/onboarding">membership application</RouterLink>. The information you
        give must be accurate and complete, and you must tell us if it changes while we review it. We review each
        application against the trust framework and may ask for more information or changes. We may approve or reject
        an application, and if we reject it we tell you why. Approval takes effect on the date we record it: from then
        your organisation appears in the trust registry as an active member, and these terms bind you as a member.
      </p>

      <h2 id={SECTIONS.accounts.id}>{SECTIONS.accounts.title}</h2>
      <p>
        People sign in with a one-time link or code sent to their e-mail address. You are responsible for keeping the
        e-mail accounts used to sign in secure, for the people your organisation’s administrators give access to, and
        for removing access when someone leaves. Tell us at once at <ContactLink /> if you believe an account has been
        used without permission.
      </p>

      <h2 id={SECTIONS.obligations.id}>{SECTIONS.obligations.title}</h2>
      <p>As a member you will:</p>
      <ul>
        <li>verify identities and documents at the levels you have declared, and no lower;</li>
        <li>keep the verification records the framework requires, for as long as it requires;</li>
        <li>comply with the UK GDPR or the EU GDPR, and any other law that applies to the checks you make;</li>
        <li>
          report to us within 24 hours any incident that could affect verifications other members rely on, as the
          framework sets out;
        </li>
        <li>keep your registry details accurate and correct them within 14 days of a change;</li>
        <li>complete the self-assessments and independent assessments the framework requires, and cooperate with audits;</li>
        <li>
          before relying on another member’s verification, check that it meets the level you need and that the member
          was active on the date it was made.
        </li>
      </ul>
      <p>
        Each member remains responsible for the checks it makes and for its own decision to rely on a verification.
        Accepting another member’s verification does not transfer your legal duties, for example your customer due
        diligence duties, to that member or to us.
      </p>

      <h2 id={SECTIONS.acceptableUse.id}>{SECTIONS.acceptableUse.title}</h2>
      <p>You must not:</p>
      <ul>
        <li>use the service for anything unlawful, fraudulent or harmful;</li>
        <li>claim membership, a level of assurance or an approval you do not hold, or display the Accord name as a member while suspended or revoked;</li>
        <li>share or use a verification for a purpose the person concerned has not been told about;</li>
        <li>try to reach data you are not entitled to, test or bypass our security without written permission, or interfere with the service;</li>
        <li>upload malicious code or material you have no right to share;</li>
        <li>collect registry data by automated means other than the open API, or at a rate that impairs the service;</li>
        <li>resell or give third parties access to the member service without our written agreement.</li>
      </ul>

      <h2 id={SECTIONS.registry.id}>{SECTIONS.registry.title}</h2>
      <p>
        The registry lists every organisation we have approved, with its public details, its status (active, suspended
        or revoked) and the date that status took effect, and it keeps the dated history of every change. You agree
        that we publish your organisation’s name, logo, sector, country, website and status there. We keep the registry
        accurate and update it when a status changes, but it shows each status from its effective date: a relying party
        should check it for the date of the verification it relies on.
      </p>

      <h2 id={SECTIONS.fees.id}>{SECTIONS.fees.title}</h2>
      <p>
        Membership fees are those of your plan as shown on the <RouterLink to="/pricing">pricing page</RouterLink> when
        you join or change plan. We invoice in advance for each billing period; invoices are payable within 30 days and
        prices exclude VAT, which is added where it applies. We give members at least 60 days’ notice of a price change,
        and you may leave before it takes effect. If fees remain unpaid 30 days after a written reminder, we may suspend
        your membership as the framework provides.
      </p>

      <h2 id={SECTIONS.investors.id}>{SECTIONS.investors.title}</h2>
      <p>
        Information in the investor area is confidential and is provided only to the people we give access to. You may
        not share it without our written permission. Nothing in it is an offer of securities or investment advice.
      </p>

      <h2 id={SECTIONS.ip.id}>{SECTIONS.ip.title}</h2>
      <p>
        We own the website, the service and the Accord name and marks. The trust framework is published so that anyone
        may read, quote and apply it with acknowledgement. You keep all rights in your organisation’s data and logo, and
        give us a non-exclusive licence to use them to run the service and the registry while you are a member, and
        afterwards in the registry’s history.
      </p>

      <h2 id={SECTIONS.data.id}>{SECTIONS.data.title}</h2>
      <p>
        Our <RouterLink to="/privacy">privacy policy</RouterLink> explains how we use personal data. Where we process
        personal data on a member’s behalf, we do so under a data processing agreement that forms part of these terms.
      </p>

      <h2 id={SECTIONS.ending.id}>{SECTIONS.ending.title}</h2>
      <p>
        We may suspend or revoke a membership on the grounds, with the notice and subject to the appeal set out in the{' '}
        <RouterLink to="/framework#suspension">trust framework’s rules on suspension and revocation</RouterLink>. You may
        end your membership at any time by giving us 30 days’ notice in writing. When a membership ends, for any reason,
        the registry shows the status revoked from that date and keeps the earlier history; you stop presenting yourself
        as a member; and you keep your verification records for as long as the framework requires. Fees already paid for
        the current period are not refunded unless the membership ends because of our breach.
      </p>

      <h2 id={SECTIONS.liability.id}>{SECTIONS.liability.title}</h2>
      <p>
        Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
        anything else that cannot be limited by law.
      </p>
      <p>Subject to that:</p>
      <ul>
        <li>
          we are not responsible for verifications made by members or their providers, or for a member’s decision to rely
          on one;
        </li>
        <li>
          the website and the registry are provided free of charge to visitors without any promise that they will always
          be available or free of errors, and our total liability to someone who is not a member is limited to £100;
        </li>
        <li>
          neither we nor a member is liable to the other for loss of profit, revenue or goodwill, or for indirect or
          consequential loss;
        </li>
        <li>
          our total liability to a member in any 12-month period is limited to the fees the member paid in the 12 months
          before the event giving rise to the claim.
        </li>
      </ul>

      <h2 id={SECTIONS.changes.id}>{SECTIONS.changes.title}</h2>
      <p>
        We improve the service continually and tell members in advance of planned maintenance that may interrupt it. We
        may change these terms; members receive at least 30 days’ notice by e-mail of a change that affects them, and
        may leave before it takes effect. Changes to the trust framework follow the framework’s own change process.
      </p>

      <h2 id={SECTIONS.law.id}>{SECTIONS.law.title}</h2>
      <p>
        These terms are governed by the law of England and Wales. Disputes about the framework’s application, such as a
        suspension, go first through the framework’s appeal process. Otherwise we will try to settle any dispute by
        discussion in good faith, and if that fails within 30 days, the courts of England and Wales have exclusive
        jurisdiction.
      </p>

      <h2 id={SECTIONS.contact.id}>{SECTIONS.contact.title}</h2>
      <p>
        Notices under these terms, and any questions about them, can be sent to <ContactLink />.
      </p>
    </ContentPage>
  );
}
