/**
 * The app's e-mail address rule (machines/email.ts, decision 029), copied for
 * the Edge Functions: they deploy on their own, without the rest of the
 * repository. Change both together; tests/db/email-rule.test.ts runs one table
 * of addresses through this copy, the app's rule and private.email_problem()
 * and fails when any of them disagrees.
 */

export const EMAIL_MAX_LENGTH = 254;

export type EmailProblem = 'required' | 'too_long' | 'invalid';

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
  if ([...address].length > EMAIL_MAX_LENGTH) return 'too_long';
  return SHAPE.test(address) ? null : 'invalid';
}

/** The app's sentences for an invitation's address (machines/email.ts emailMessage(problem, 'invitee')). */
export function inviteeEmailMessage(problem: EmailProblem): string {
  switch (problem) {
    case 'required':
      return 'Enter the e-mail address of the person to invite.';
    case 'too_long':
      return `The e-mail address must be ${EMAIL_MAX_LENGTH} characters or fewer.`;
    case 'invalid':
      return 'Enter a valid e-mail address, for example name@organisation.org.';
  }
}
