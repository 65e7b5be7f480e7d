import { Link as RouterLink } from 'react-router-dom';

import { ContactLink } from '../../components/contact-link';
import { ContentPage } from '../../components/content-page';
import { usePageDescription } from '../../components/page-meta';

export default function AboutPage() {
  usePageDescription(
    'Why Accord exists, what the trust and acceptance network does, who runs it, the principles it follows, and how organisations can join or contact us.',
  );

  return (
    <ContentPage
      eyebrow="About"
      title="About Accord"
      intro="Accord connects organisations that need to trust each other’s identity and document checks. Members agree to one trust framework, so a verification made by one member can be accepted by another without starting again."
      prose
    >
      <h2 id="why">Why the network exists</h2>
      <p>
        A university admissions office checks a passport that a bank checked last month. A hospital re-verifies a nurse
        whose registration an agency confirmed the week before. An online service asks a customer to photograph the
        same driving licence for the third time this year. Each organisation starts again because it cannot tell how
        the earlier check was made, or whether it may rely on it.
      </p>
      <p>
        The cost falls on everyone. Organisations pay for the same checks many times over, keep more copies of identity
        documents than they need, and still reach inconsistent decisions. People repeat the same steps, wait longer and
        hand over the same personal data again and again. And fraudsters work the gaps between organisations that
        cannot rely on each other.
      </p>

      <h2 id="what">What Accord is</h2>
      <p>
        Accord is a trust and acceptance network for organisations that need identity and document verification, in
        person and online. Members follow one <RouterLink to="/framework">trust framework</RouterLink>: the same levels
        of assurance, the same rules for checking identities and documents, and the same way of recording what was
        checked. Because the rules are shared, a verification made by one member can be accepted by another, which
        knows exactly how it was made and at what level.
      </p>
      <ul>
        <li>
          <strong>One framework.</strong> Levels of assurance for identities and documents that correspond to eIDAS,
          NIST SP 800-63 and the UK digital identity and attributes trust framework, so members can use the standards
          they already meet.
        </li>
        <li>
          <strong>An open registry.</strong> Anyone can check whether an organisation is a member, and what its status
          was on a given date, in the trust registry or through its open API.
        </li>
        <li>
          <strong>No central database of people.</strong> Members keep their own records of the checks they make. The
          network supplies the common rules and the registry that says who follows them, and a verification is shared
          only when the person concerned needs it to be.
        </li>
      </ul>
      <p>
        Our members include schools and universities, hospitals and clinics, online services and organisations that
        work across borders: anyone who needs to know that a person or a document is genuine before acting on it.
      </p>

      <h2 id="who">Who runs it</h2>
      <p>
        Accord is run by a neutral network operator, Accord Network. The operator reviews applications, keeps the trust
        registry, runs the service and enforces the framework. It sells no verification services of its own and does
        not compete with its members.
      </p>
      <p>
        The rules are not the operator’s to set alone. They are decided by the Framework Board: members’
        representatives elected by sector, independent experts in data protection and information security, and an
        independent chair. The board consults openly on every change and publishes its decisions and every version of
        the framework. Read more about{' '}
        <RouterLink to="/framework#governance">how the framework is governed</RouterLink>.
      </p>

      <h2 id="principles">Our principles</h2>
      <ul>
        <li>
          <strong>Privacy by design.</strong> The network is built so that personal data stays with the organisations
          that collected it, and moves only for a purpose the person has been told about.
        </li>
        <li>
          <strong>Data minimisation.</strong> Members share the result of a check and the facts a relying party needs,
          such as a verified name, “over 18” or a confirmed qualification, rather than copies of documents.
        </li>
        <li>
          <strong>An open registry.</strong> Membership is public. Each member’s status, and the date it took effect, can
          be checked by anyone, so a verification is never accepted from an organisation that is no longer trusted.
        </li>
        <li>
          <strong>Proportionate assurance.</strong> Not every interaction needs the strongest checks. Three levels for
          identities and three for documents let members ask for what the risk justifies, and no more.
        </li>
        <li>
          <strong>Accountability.</strong> Every member is audited, every verification is recorded, and people can
          challenge a verification they believe is wrong.
        </li>
      </ul>

      <h2 id="join">How to join</h2>
      <p>
        Organisations apply online. You tell us who you are, how you verify identities and documents today, which use
        cases you need and roughly how many verifications you expect each month, and you upload proof of your
        organisation’s registration. We review the application against the trust framework and may ask you for more
        information. Once it is approved, your organisation appears in the trust registry as an active member.
      </p>
      <p>
        <RouterLink to="/onboarding">Apply to join the network</RouterLink>, or see the{' '}
        <RouterLink to="/pricing">membership plans and prices</RouterLink> first.
      </p>

      <h2 id="contact">Contact us</h2>
      <p>
        Write to us at <ContactLink />. We aim to reply within two working days. To report a security concern or a
        verification you believe is wrong, put “Security” in the subject line and we will treat it first.
      </p>
    </ContentPage>
  );
}
