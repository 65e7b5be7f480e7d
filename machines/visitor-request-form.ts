/**
 * The public site's two forms as data: the investor access request
 * (/investors/access) and the Contact Us message (the footer's dialog). Their
 * fields, the choices offered, the rules checked before sending, and the words
 * for every problem, whether found here or named by the server. The database
 * checks the same rules again (supabase/migrations/20261122005200_visitor-requests.sql).
 * Pure, so the machine, the pages and the tests share one definition.
 */

import { EMAIL_MAX_LENGTH, emailMessage, emailProblem } from './email';

export type VisitorForm = 'investorAccess' | 'contact';

export const INVESTOR_KINDS = [
  ['angel', 'Angel investor'],
  ['venture_capital', 'Venture capital fund'],
  ['corporate', 'Strategic or corporate investor'],
  ['family_office', 'Family office'],
  ['public_funder', 'Public funder or development bank'],
  ['other', 'Other'],
] as const;
export type InvestorKind = (typeof INVESTOR_KINDS)[number][0];

export const CONTACT_TOPICS = [
  ['membership', 'Joining the network'],
  ['partnership', 'Partnerships and integrations'],
  ['press', 'Press and media'],
  ['support', 'Help for members'],
  ['privacy', 'Privacy and personal data'],
  ['other', 'Something else'],
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number][0];

export interface InvestorAccessValues {
  name: string;
  email: string;
  organization: string;
  kind: InvestorKind | '';
  message: string;
}

export interface ContactValues {
  name: string;
  email: string;
  organization: string;
  topic: ContactTopic | '';
  message: string;
}

export interface FormValuesOf {
  investorAccess: InvestorAccessValues;
  contact: ContactValues;
}

/** What the machine holds for either form; the facade hooks give it the form's own type. */
export type AnyValues = Record<string, string>;
export type FieldErrors = Partial<Record<string, string>>;

export const EMPTY_VALUES: { [Form in VisitorForm]: FormValuesOf[Form] } = {
  investorAccess: { name: '', email: '', organization: '', kind: '', message: '' },
  contact: { name: '', email: '', organization: '', topic: '', message: '' },
};

/** Field order on screen: the first field with a problem is the one focused. */
export const FIELD_ORDER: { [Form in VisitorForm]: readonly (keyof FormValuesOf[Form] & string)[] } = {
  investorAccess: ['name', 'email', 'organization', 'kind', 'message'],
  contact: ['name', 'email', 'organization', 'topic', 'message'],
};

export const LIMITS = {
  name: 200,
  email: EMAIL_MAX_LENGTH,
  organization: 200,
  investorMessage: 2000,
  contactMessage: 4000,
} as const;

/** Codes shared with the server's refusals ({field: code}). */
export type ProblemCode = 'required' | 'too_long' | 'invalid';

const MESSAGES = {
  name: {
    required: 'Enter your name.',
    too_long: 'Your name must be 200 characters or fewer.',
    invalid: 'Enter your name on one line, without tabs or line breaks.',
  },
  email: {
    required: emailMessage('required'),
    too_long: emailMessage('too_long'),
    invalid: emailMessage('invalid'),
  },
  organization: {
    required: 'Enter the name of your fund, firm or organisation.',
    too_long: 'The organisation’s name must be 200 characters or fewer.',
    invalid: 'Enter the organisation’s name on one line, without tabs or line breaks.',
  },
  kind: {
    required: 'Choose the kind of investor you are.',
    too_long: 'Choose the kind of investor you are.',
    invalid: 'Choose one of the kinds of investor in the list.',
  },
  topic: {
    required: 'Choose what your message is about.',
    too_long: 'Choose what your message is about.',
    invalid: 'Choose one of the topics in the list.',
  },
  investorMessage: {
    required: 'Write your message.',
    too_long: 'The message must be 2,000 characters or fewer.',
    invalid: 'Write your message as plain text.',
  },
  contactMessage: {
    required: 'Write your message.',
    too_long: 'The message must be 4,000 characters or fewer.',
    invalid: 'Write your message as plain text.',
  },
} as const satisfies Record<string, Record<ProblemCode, string>>;

/** Anything after the last field's rules: a field the server named that this version does not know. */
const FALLBACK_MESSAGE = 'Check this answer.';

export function fieldMessage(form: VisitorForm, field: string, code: string): string {
  const key = field === 'message' ? (form === 'contact' ? 'contactMessage' : 'investorMessage') : field;
  const messages = (MESSAGES as Record<string, Record<string, string>>)[key];
  return messages?.[code] ?? messages?.invalid ?? FALLBACK_MESSAGE;
}

const CONTROL = /\p{Cc}/u;
// What no text column can hold and PostgREST refuses before the RPC sees it
// (a NUL: "unsupported Unicode escape sequence"; half of a surrogate pair:
// "Empty or invalid json"): caught here, so the person reads which field, not
// the database's words.
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Characters as Postgres counts them (code points), not UTF-16 units: an emoji is one. */
const length = (text: string) => [...text].length;

function textProblem(value: string, max: number, required: boolean, singleLine: boolean): ProblemCode | null {
  const text = value.trim();
  if (text === '') return required ? 'required' : null;
  if (length(text) > max) return 'too_long';
  if ((singleLine && CONTROL.test(text)) || unstorable(text)) return 'invalid';
  return null;
}

function choiceProblem(value: string, options: readonly (readonly [string, string])[]): ProblemCode | null {
  if (value === '') return 'required';
  return options.some(([option]) => option === value) ? null : 'invalid';
}

/** The problem with one field's value, as the server would name it; null when it is fine. */
export function fieldProblem(form: VisitorForm, field: string, value: string): ProblemCode | null {
  switch (field) {
    case 'name':
      return textProblem(value, LIMITS.name, true, true);
    case 'email':
      // The one e-mail rule (email.ts), which the server's visitor_email_problem() applies too.
      return emailProblem(value);
    case 'organization':
      return textProblem(value, LIMITS.organization, form === 'investorAccess', true);
    case 'kind':
      return choiceProblem(value, INVESTOR_KINDS);
    case 'topic':
      return choiceProblem(value, CONTACT_TOPICS);
    case 'message':
      return form === 'contact'
        ? textProblem(value, LIMITS.contactMessage, true, false)
        : textProblem(value, LIMITS.investorMessage, false, false);
    default:
      return null;
  }
}

/** Every problem of the form, in the form's words, keyed by field. */
export function validateValues(form: VisitorForm, values: AnyValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELD_ORDER[form]) {
    const code = fieldProblem(form, field, values[field] ?? '');
    if (code) errors[field] = fieldMessage(form, field, code);
  }
  return errors;
}

/** The server's {field: code}, in the form's words; fields this form does not have are left out. */
export function errorsFromServer(form: VisitorForm, fields: Record<string, string>): FieldErrors {
  const known = FIELD_ORDER[form] as readonly string[];
  const errors: FieldErrors = {};
  for (const [field, code] of Object.entries(fields)) {
    if (known.includes(field)) errors[field] = fieldMessage(form, field, code);
  }
  return errors;
}

/** The values as they are sent: trimmed, so what is stored is what the checks saw. */
export function trimmedValues(values: AnyValues): AnyValues {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()]));
}
