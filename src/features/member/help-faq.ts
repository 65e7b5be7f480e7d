import { CONTACT_EMAIL } from '../../components/contact-link';

/**
 * The help page's questions and answers, as plain text so that the search
 * reads exactly what the reader reads. Answers follow the trust framework
 * (/framework), the privacy policy (/privacy) and what the app does (the
 * decisions in docs/decisions); a link names the page that does the job.
 */
export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs. */
  answer: readonly string[];
  /** Where to go to do it. */
  links?: readonly { to: string; label: string }[];
}

export interface FaqTopic {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

export const FAQ_TOPICS: readonly FaqTopic[] = [
  {
    id: 'membership',
    title: 'Membership and the registry',
    entries: [
      {
        id: 'when-listed',
        question: 'When does our organisation appear in the trust registry?',
        answer: [
          'As soon as the network approves your application. Until then the registry does not list you at all: an application that is being reviewed, or was turned down, is never shown to the public.',
          'Once listed, you stay listed with your status and its history, even if your membership later ends.',
        ],
        links: [{ to: '/trust-registry', label: 'Trust registry' }],
      },
      {
        id: 'status-history',
        question: 'Why does the registry show our past statuses, and can we remove them?',
        answer: [
          'Partners rely on verifications you made in the past, so they need to know how you stood on the day of each one. The registry therefore keeps every change of status with the date it took effect, for as long as the network operates. The history cannot be removed or edited.',
          'The reasons for a suspension or revocation are never published: they are shared with your organisation and kept by the network.',
        ],
      },
      {
        id: 'check-partner',
        question: 'How do we check a partner, including on a past date?',
        answer: [
          'Search the trust registry by name, or ask the open API by website domain. The organisation’s status history shows how it stood on any day; the API’s registry_status_on answers for a given date directly. A verification counts only if its verifier was active on the day it was made.',
        ],
        links: [
          { to: '/dashboard/how-to#check-a-partner', label: 'Guide: checking a partner' },
          { to: '/trust-registry', label: 'Trust registry' },
        ],
      },
      {
        id: 'rules',
        question: 'Which rules did we accept when we joined?',
        answer: [
          'Those of the trust framework: verify at the level you declared, keep a record of each verification and of each one you accept, protect personal data, report incidents within 24 hours, keep your registry details accurate (correcting them within 14 days of a change), and complete a self-assessment every year, with an independent assessment every two years if you verify at Substantial or High.',
        ],
        links: [{ to: '/framework', label: 'Trust framework' }],
      },
      {
        id: 'reapply',
        question: 'Our membership was revoked. Can we join again?',
        answer: [
          'Yes, by applying again through the membership application. The network reviews it as a new application; if it is approved, a new membership starts and the registry shows it after the earlier history.',
        ],
        links: [{ to: '/onboarding', label: 'Membership application' }],
      },
    ],
  },
  {
    id: 'suspension',
    title: 'Suspension and appeals',
    entries: [
      {
        id: 'suspension-why',
        question: 'Why could our membership be suspended?',
        answer: [
          'For verifications that did not meet the level they claimed, a serious or repeated breach of the framework’s rules (including an incident not reported in time), an audit finding not put right in the time agreed, misusing the registry or misrepresenting your membership, fees unpaid 30 days after a written reminder, or insolvency or the loss of a licence you need for your checks.',
          'The network first sends a written notice with the grounds and the evidence, and gives you 14 days to respond or put things right. Only where there is an ongoing risk to people or to other members, such as a compromised system, may it suspend at once, sending the notice the same day.',
        ],
      },
      {
        id: 'suspension-effect',
        question: 'What does a suspension change for us and for our partners?',
        answer: [
          'The registry shows your organisation as suspended from the date it takes effect. From that date partners accept no new verifications from you; the verifications you made before it remain valid unless the notice says some were flawed. While suspended your administrators cannot invite new colleagues.',
          'When you have put things right, with evidence such as a follow-up audit, the network reinstates you and the registry shows you as active again from that date. A suspension not resolved within 60 days leads to revocation.',
        ],
      },
      {
        id: 'appeal',
        question: 'How do we appeal a suspension or revocation?',
        answer: [
          `Write to ${CONTACT_EMAIL} within 30 days of the notice, saying why you think the decision is wrong. A panel of Framework Board members who were not involved hears the appeal and decides within 30 days. The suspension or revocation stays in effect meanwhile unless the panel decides otherwise.`,
        ],
      },
    ],
  },
  {
    id: 'team',
    title: 'Your team and your account',
    entries: [
      {
        id: 'invitation-missing',
        question: 'A colleague’s invitation did not arrive, or has expired. What now?',
        answer: [
          'An invitation link works for seven days. Ask them to look in their spam folder first; then one of your administrators can resend it from Members, which starts seven new days and makes the earlier link stop working. A resend is possible a minute after the last one.',
          'The invitation only works for the address it was sent to. If the address was wrong, revoke the invitation and send a new one.',
        ],
        links: [{ to: '/dashboard/members', label: 'Members' }],
      },
      {
        id: 'roles',
        question: 'What can an administrator do that a member cannot?',
        answer: [
          'Administrators change the organisation’s details and logo, ask the network to change its registered details, invite colleagues, change roles and remove people. Members read all of this, and everyone can write to the network and read its answers in Messages.',
          'Your organisation always keeps at least one administrator: make someone else an administrator before the last one leaves or becomes a member.',
        ],
        links: [{ to: '/dashboard/members', label: 'Members' }],
      },
      {
        id: 'someone-left',
        question: 'Someone has left. How do we remove their access?',
        answer: [
          'An administrator removes them from Members on the day they leave. From then on their account no longer reaches your organisation’s pages, messages or resources.',
        ],
        links: [{ to: '/dashboard/members', label: 'Members' }],
      },
      {
        id: 'two-factor',
        question: 'How do I turn on two-factor authentication?',
        answer: [
          'In your account settings, under Two-factor authentication, add an authenticator app (such as the one on your phone): scan the QR code, or type the key, and enter the first code it shows. From then on, each time you sign in you are asked for a fresh code after the e-mailed link. A code works only once.',
          'If you lose the device, write to the network from a colleague’s account or by e-mail; we confirm who you are before we help you back in.',
        ],
        links: [{ to: '/dashboard/settings#two-factor', label: 'Account settings' }],
      },
      {
        id: 'change-email',
        question: 'How do I change my e-mail address?',
        answer: [
          'In your account settings, enter the new address. For your safety we send a confirmation link to both your current and your new address, and the change happens once both are followed. The links work for ten minutes, and you can ask again after a minute.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Account settings' }],
      },
      {
        id: 'details-change',
        question: 'Why does a change to our name or registration number need the network’s approval?',
        answer: [
          'Those registered details are what partners use to tell your organisation from others, so the network checks a change before the registry shows it. Your description, sector, size, public contact address and logo change at once.',
        ],
        links: [{ to: '/dashboard/organization-details', label: 'Organisation details' }],
      },
    ],
  },
  {
    id: 'api',
    title: 'The open API',
    entries: [
      {
        id: 'api-key',
        question: 'Do we need an account or a key to use the registry API?',
        answer: [
          'No account. Every request carries the network’s public key (the anon key) in the apikey header; it is the same key this website uses and can read only what the public registry shows. The how-to guide shows it with working commands.',
        ],
        links: [
          { to: '/dashboard/how-to#open-api', label: 'Guide: using the open API' },
          { to: '/api-guide', label: 'API guide' },
        ],
      },
      {
        id: 'api-limits',
        question: 'Are there limits on the API?',
        answer: [
          'An answer holds at most 1,000 rows; page through longer lists with limit and offset (or a Range header), and ask for the total with Prefer: count=exact. The network sets no quota per organisation, but please be considerate: keep the answer for a verification with your record rather than asking again, and do not poll, as statuses change rarely.',
        ],
        links: [{ to: '/api-guide#pagination', label: 'API guide: paging' }],
      },
    ],
  },
  {
    id: 'data',
    title: 'Data protection and incidents',
    entries: [
      {
        id: 'people-data',
        question: 'Does the network see the people we verify?',
        answer: [
          'No. The network keeps no central database of the people members verify. Your organisation is the controller of the checks it makes and keeps its own records; a verification is shared only for a purpose the person has been told about, and only with the facts the receiving member needs.',
        ],
        links: [{ to: '/privacy', label: 'Privacy policy' }],
      },
      {
        id: 'retention',
        question: 'How long does the network keep our organisation’s data?',
        answer: [
          'Membership records and your team’s accounts: while you are a member and six years after. Invoices: six years after the end of their financial year. Messages: two years after the matter is closed. The registry and its status history: for as long as the network operates, so that past-date checks keep giving the right answer.',
        ],
        links: [{ to: '/privacy', label: 'Privacy policy' }],
      },
      {
        id: 'incident',
        question: 'We have had a security incident or found a flawed verification. Whom do we tell?',
        answer: [
          'Tell the network within 24 hours of becoming aware of anything that could affect verifications other members rely on: write below, or by e-mail if you cannot sign in. The network warns the members concerned. This does not replace your own duty to notify your data protection authority within 72 hours.',
        ],
      },
      {
        id: 'data-questions',
        question: 'Whom do we ask about data protection?',
        answer: [`Write to ${CONTACT_EMAIL} with “Data protection” in the subject line; it reaches the person responsible for data protection.`],
      },
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    entries: [
      {
        id: 'plan-invoices',
        question: 'Where do we find our plan and invoices?',
        answer: [
          'Billing shows your organisation’s plan, payment details and invoices. The plans and their prices are on the public pricing page.',
        ],
        links: [
          { to: '/dashboard/billing', label: 'Billing' },
          { to: '/pricing', label: 'Pricing' },
        ],
      },
      {
        id: 'late-payment',
        question: 'What happens if an invoice is paid late?',
        answer: [
          'The network sends a written reminder. Fees still unpaid 30 days after it are grounds for suspension, with the usual notice and 14 days to put things right. If you cannot pay on time, write to us before then.',
        ],
      },
    ],
  },
];

/** Lower case, without accents, so "resume" finds "résumé". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The entries whose question or answer holds every word of the query; every entry for a blank query. */
export function filterFaq(topics: readonly FaqTopic[], query: string): FaqTopic[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics
    .map((topic) => ({
      ...topic,
      entries: topic.entries.filter((entry) => {
        const text = foldText([entry.question, ...entry.answer, ...(entry.links ?? []).map((link) => link.label)].join(' '));
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((topic) => topic.entries.length > 0);
}
