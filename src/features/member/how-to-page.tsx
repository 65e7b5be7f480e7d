import { Box } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ContentPage } from '../../components/content-page';
import { readSupabaseConfig } from '../../data/config';
import { CodeCaption, GuideCode, useInPageLinkFocus } from './guide-parts';
import { howToExamples, type HowToExample } from './how-to-examples';

/** The guide's sections, in order: the contents list and the headings both read them. */
export const HOW_TO_SECTIONS = {
  partner: { id: 'check-a-partner', title: 'Checking a partner in the registry' },
  api: { id: 'open-api', title: 'Using the open API' },
  levels: { id: 'levels-in-practice', title: 'Levels of assurance in practice' },
  details: { id: 'organisation-details', title: 'Keeping your organisation’s details up to date' },
  team: { id: 'your-team', title: 'Keeping your team up to date' },
} as const;

const S = HOW_TO_SECTIONS;

export interface HowToPageProps {
  /** The network's API address and public key; the app's own configuration unless a test passes others. */
  api?: { url: string; anonKey: string };
}

function configuredApi(): { url: string; anonKey: string } {
  const config = readSupabaseConfig(import.meta.env);
  return config.ok ? { url: config.url, anonKey: config.anonKey } : { url: '<the network’s API address>', anonKey: '<the anon key>' };
}

function Example({ example }: { example: HowToExample }) {
  return (
    <Box id={example.id}>
      <CodeCaption>{example.caption}</CodeCaption>
      <GuideCode label={`Command: ${example.caption}`}>{example.curl}</GuideCode>
      <GuideCode label={`Answer: ${example.caption}`}>{JSON.stringify(example.answer, null, 2)}</GuideCode>
    </Box>
  );
}

/**
 * /dashboard/how-to: guides for a member organisation's staff. The registry
 * requests are built from the address this app talks to, and
 * tests/db/how-to-examples.test.ts runs them against a real stack.
 */
export default function HowToPage({ api = configuredApi() }: HowToPageProps = {}) {
  const onLinkClick = useInPageLinkFocus();
  const examples = howToExamples(api.url);

  return (
    <Box onClick={onLinkClick}>
      <ContentPage
        eyebrow="Your organisation"
        title="How-to guides"
        intro="Practical guides for your staff: how to check a partner before you rely on its verifications, how to ask the registry from your own systems, what the levels of assurance mean at the desk, and how to keep your organisation’s entry and team current."
        contents={Object.values(HOW_TO_SECTIONS)}
      >
        <h2 id={S.partner.id}>{S.partner.title}</h2>
        <p>
          Before you accept a verification made by another organisation, check that it is a member of the network and that
          its membership was active when it made the verification. The{' '}
          <RouterLink to="/trust-registry">trust registry</RouterLink> answers both questions. It lists every organisation the
          network has ever approved, with its status now and every change of status since it joined. Organisations whose
          application is still being reviewed, or was turned down, are not listed.
        </p>

        <h3>By name</h3>
        <ol>
          <li>
            Open the <RouterLink to="/trust-registry">trust registry</RouterLink>. You do not need to be signed in.
          </li>
          <li>
            Type part of the organisation’s name or legal name and choose Search. Capitals and accents do not matter:
            “lumiere” finds Voyages Lumière.
          </li>
          <li>Narrow the list by sector, country or status if many organisations match.</li>
          <li>Open the organisation to see its registration details, its status and the date that status took effect.</li>
        </ol>
        <p>
          Check the legal name, the registration number and the country against what the partner has told you. Two
          organisations can have similar names; the registration number and country cannot both match by accident.
        </p>

        <h3>By website domain</h3>
        <p>
          When all you have is a web address, for example the site a verification link or a consent screen came from, ask
          the registry which member runs it. The registry’s website does not search by domain, but the open API does: give
          it the domain or the whole address, and it ignores the https://, the www., the path and capitals. A subdomain
          counts as its organisation’s (verify.grachtenbank.example is Grachtenbank’s), while a look-alike such as
          grachtenbank-verify.example matches nobody. An empty answer means no member of the network has registered that
          website: do not rely on the verification until you know who made it. The request is shown under{' '}
          <a href={`#${examples.byDomain.id}`}>Using the open API</a>.
        </p>

        <h3>On a past date</h3>
        <p>
          A verification is only as good as its verifier’s standing on the day it was made. A member that is suspended
          today may have been active when it checked a person’s passport last spring, and that check still stands; a check
          made during a suspension does not. To see how a member stood on a given day:
        </p>
        <ul>
          <li>
            <strong>On the registry’s website</strong>, open the organisation. Its <em>Status history</em> lists every change,
            newest first, with the date each took effect. Find the last change on or before the day you care about: that is
            the status the organisation held then.
          </li>
          <li>
            <strong>From your own systems</strong>, ask the API’s registry_status_on with the organisation’s registry
            identifier and the date. It answers with the status at the end of that day (UTC), whether the organisation was
            active, and when that status took effect. Before its first approval it was not a member at all, and the
            answer says active false with no status.
          </li>
        </ul>
        <p>
          Record what you found with the verification you accepted: the trust framework asks every relying party to keep
          which verification it accepted, from which member and when.
        </p>

        <h3>What the statuses mean</h3>
        <dl>
          <dt>Active</dt>
          <dd>A member in good standing. You may accept its new verifications at the levels it has declared.</dd>
          <dt>Suspended</dt>
          <dd>
            Accept no new verifications from it from the date shown. Verifications it made before that date remain valid,
            unless the network tells you that some of them were flawed. A suspended member may be reinstated, and then
            shows as active again from the date of reinstatement.
          </dd>
          <dt>Revoked</dt>
          <dd>
            It is no longer a member and cannot act as one. It stays in the registry with the date, so that “no longer
            trusted” is never mistaken for “never a member”.
          </dd>
        </dl>
        <p>
          The registry does not publish why a member was suspended or revoked; the network shares the reasons with the
          organisation concerned only.
        </p>

        <h2 id={S.api.id}>{S.api.title}</h2>
        <p>
          Everything in the registry can also be read by your own systems: an onboarding workflow can check a partner
          automatically before it accepts a verification, and store the answer with its record. The API is open and
          read-only. It needs no account, only the network’s public key, which is the same key this website uses and can
          read nothing that a visitor to the registry cannot.
        </p>
        <p>
          The commands below already carry the network’s API address, <code>{api.url}</code>. They read the public key
          from a shell variable; set it once in your terminal:
        </p>
        <GuideCode label="Setting the public key">{`export ANON_KEY="${api.anonKey}"`}</GuideCode>
        <p>
          The commands are for a Unix shell with curl: the Terminal on macOS, any Linux system, or WSL on Windows. Each answer is
          a JSON list; an empty list means nothing matched. The commands and answers on this page are checked against the
          network’s API by our automated tests, so what you see here is what the API answers.
        </p>
        <Example example={examples.byName} />
        <Example example={examples.byDomain} />
        <p>
          The registry identifier in the first answer (id) never changes, even if the organisation changes its name. Keep
          it with your records and use it for the status questions that follow.
        </p>
        <Example example={examples.onDate} />
        <Example example={examples.history} />
        <p>
          Dates are UTC, written YYYY-MM-DD in requests; times in answers are ISO 8601 in UTC. An answer lists at most
          1,000 rows: ask for pages with limit and offset when you list the whole registry. The{' '}
          <RouterLink to="/api-guide">API guide</RouterLink> describes every function, its parameters, paging, counting
          and the errors it can return.
        </p>

        <h2 id={S.levels.id}>{S.levels.title}</h2>
        <p>
          The <RouterLink to="/framework">trust framework</RouterLink> defines three levels for identity and three for
          documents: Low, Substantial and High, named as in eIDAS. Your organisation states the level a decision needs; a
          verification at that level or above satisfies it. Ask for what the risk justifies and no more: a higher level
          costs the person more time and shares more of their data.
        </p>
        <h3>Identity</h3>
        <dl>
          <dt>Low</dt>
          <dd>
            The person’s details were checked against one piece of evidence or one reliable record. It gives limited
            confidence and suits decisions where a mistake does little harm, such as registering someone for an open
            event. When they come back, a password or one-time code is enough.
          </dd>
          <dt>Substantial</dt>
          <dd>
            A photo identity document was proven genuine and the person was shown to be its holder, in person by trained
            staff or remotely by face comparison with liveness detection. This is the level for most regulated
            onboarding: enrolling a student, registering a patient, opening an account. Returning people sign in with two
            factors.
          </dd>
          <dt>High</dt>
          <dd>
            As Substantial, with the strongest evidence checked cryptographically or with its issuer (for example, a
            passport’s chip read and its signature verified), and the person matched in person or in a supervised remote
            session. Use it where impersonation causes serious harm, such as granting prescribing rights. Returning
            people use a phishing-resistant authenticator such as a passkey on a security key.
          </dd>
        </dl>
        <h3>Documents</h3>
        <dl>
          <dt>Low</dt>
          <dd>
            The document looks like what it claims to be and its details are consistent. Treat it as supporting
            evidence only, never on its own.
          </dd>
          <dt>Substantial</dt>
          <dd>
            The document is genuine, unaltered and belongs to the person presenting it: its security features were
            examined, or its details confirmed with the issuer’s records. Enough for most acceptance decisions.
          </dd>
          <dt>High</dt>
          <dd>
            As Substantial, with the issuer’s own confirmation or digital signature checked. Expect it for professional
            registrations, regulated qualifications and decisions that are hard to reverse.
          </dd>
        </dl>
        <h3>At the desk</h3>
        <ul>
          <li>
            Before you accept a verification, look at the level it records and compare it with the level your decision
            needs. A Low verification never satisfies a Substantial need, however recent it is.
          </li>
          <li>
            Check the verifier’s status on the date of the verification, as described above, and keep what you accepted,
            from whom and when, for at least two years after you last relied on it.
          </li>
          <li>
            Ask the person only for the facts you need. The framework gives people the right to share facts, not copies of
            their documents.
          </li>
          <li>
            If something looks wrong, a verification you suspect or a partner that no longer seems to meet its level,
            tell the network within 24 hours, from <RouterLink to="/dashboard/help#ask-the-network">Help</RouterLink>.
          </li>
        </ul>

        <h2 id={S.details.id}>{S.details.title}</h2>
        <p>
          Partners check your organisation in the registry just as you check theirs, and the framework asks members to
          correct their details within 14 days of a change. Your organisation’s administrators keep them current on{' '}
          <RouterLink to="/dashboard/organization-details">Organisation details</RouterLink>; other members of your team
          can read them there.
        </p>
        <ul>
          <li>
            <strong>Registered details</strong> (name, legal name, registration number, country and website) identify
            your organisation, so the network checks a change before the registry shows it. Enter the new details and the
            reason for the change; the request shows on the page until the network decides, and you can withdraw it
            meanwhile.
          </li>
          <li>
            <strong>Profile</strong> (description, sector, size and the public contact e-mail address) is yours to keep:
            a change is saved and shown in the registry at once. The description is plain text of up to 1,000
            characters.
          </li>
          <li>
            <strong>Logo</strong>: a PNG or JPEG image of up to 1 MB. The new logo replaces the old one in the registry
            as soon as it is uploaded.
          </li>
        </ul>
        <p>Every change is recorded in the network’s activity log with who made it and when.</p>

        <h2 id={S.team.id}>{S.team.title}</h2>
        <p>
          Everyone who works with the network on your organisation’s behalf should have their own account in your team,
          and nobody who has left should keep one. Your organisation’s administrators manage the team on{' '}
          <RouterLink to="/dashboard/members">Members</RouterLink>.
        </p>
        <ul>
          <li>
            <strong>Invite</strong> a colleague by e-mail address and choose their role: an administrator can change the
            organisation’s details and manage the team; a member can read them, use the messages and the resources. The
            invitation link works for seven days. If it did not arrive, resend it (a new mail starts seven new days and
            the earlier link stops working); if you sent it to the wrong address, revoke it.
          </li>
          <li>
            <strong>Change a role</strong> when someone’s responsibilities change, and <strong>remove</strong> a person
            the day they leave. Your organisation always keeps at least one administrator, so the last one cannot be
            removed or made a member: make someone else an administrator first.
          </li>
          <li>
            <strong>Leaving</strong>: anyone can leave the organisation from the same page, except its last
            administrator.
          </li>
        </ul>
        <p>
          While your organisation is suspended or revoked, no new invitations can be sent. Each person keeps their own
          sign-in details up to date, and should turn on two-factor authentication, in their{' '}
          <RouterLink to="/dashboard/settings">account settings</RouterLink>.
        </p>
      </ContentPage>
    </Box>
  );
}
