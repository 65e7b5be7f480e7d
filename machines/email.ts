/**
 * THE rule for an e-mail address anyone types into Accord, and the words for
 * what is wrong with one (decision 029). Every form asks it: sign-in
 * (magic-link.machine.ts), onboarding's sign-up step (onboarding.machine.ts),
 * the public forms (visitor-request-form.ts) and the administrator invitation
 * dialog. The database and the Edge Functions apply the same rule where they
 * decide: private.email_problem() in supabase/migrations/…_one-email-rule.sql
 * and supabase/functions/_shared/email-address.ts, a copy of this file's rule
 * (Edge Functions deploy without the rest of the repository).
 * tests/db/email-rule.test.ts runs one table of addresses through all three.
 *
 * The rule, after trimming white space at both ends:
 * - required: nothing left;
 * - too_long: more than 254 characters (RFC 5321's limit for a path);
 * - invalid: not "something@something.something", where no part holds an @,
 *   white space or a control character (nor, in JavaScript, half of a
 *   surrogate pair, which no database text can hold).
 * It catches typos, not every address RFC 5322 forbids: the auth server is
 * stricter still and has the last word on sign-in addresses.
 *
 * White space is JavaScript's `\s` (what String.prototype.trim removes), and
 * the SQL spells the same characters out, so the answer never depends on a
 * database's locale.
 */

export const EMAIL_MAX_LENGTH = 254;

export type EmailProblem = 'required' | 'too_long' | 'invalid';

export const EMAIL_MISSING_MESSAGE = 'Enter your e-mail address.';
/** For a form that asks for someone else's address (an invitation). */
export const INVITEE_EMAIL_MISSING_MESSAGE = 'Enter the e-mail address of the person to invite.';
export const EMAIL_TOO_LONG_MESSAGE = `The e-mail address must be ${EMAIL_MAX_LENGTH} characters or fewer.`;
export const EMAIL_INVALID_MESSAGE = 'Enter a valid e-mail address, for example name@organisation.org.';

const PART = String.raw`[^@\s\p{Cc}\p{Cs}]+`;
const SHAPE = new RegExp(String.raw`^${PART}@${PART}\.${PART}$`, 'u');

/** The address as it is checked and stored: without white space at either end. */
export function trimEmail(value: string): string {
  return value.trim();
}

/** What is wrong with a typed address, or null when it will do. */
export function emailProblem(value: string): EmailProblem | null {
  const address = trimEmail(value);
  if (address === '') return 'required';
  // Characters as Postgres counts them (code points), not UTF-16 units.
  if ([...address].length > EMAIL_MAX_LENGTH) return 'too_long';
  return SHAPE.test(address) ? null : 'invalid';
}

export function isWellFormedEmail(value: string): boolean {
  return emailProblem(value) === null;
}

/** The sentence a form shows at the field; `whose` words the empty case for an invitation's address. */
export function emailMessage(problem: EmailProblem, whose: 'own' | 'invitee' = 'own'): string {
  switch (problem) {
    case 'required':
      return whose === 'invitee' ? INVITEE_EMAIL_MISSING_MESSAGE : EMAIL_MISSING_MESSAGE;
    case 'too_long':
      return EMAIL_TOO_LONG_MESSAGE;
    case 'invalid':
      return EMAIL_INVALID_MESSAGE;
  }
}
