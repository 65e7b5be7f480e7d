import type { ProfileField, ProfileProblem } from '../../data/account/save-account-profile';

/** The database's rules for a name and a job title (private.person_name_problem): one line, at most 200 characters once trimmed. */
export const PROFILE_TEXT_MAX = 200;

const MESSAGES: Record<ProfileField, Record<ProfileProblem, string>> = {
  fullName: {
    too_long: `Your name must be ${PROFILE_TEXT_MAX} characters or fewer.`,
    invalid: 'Your name must be on one line, without tabs or other control characters.',
  },
  jobTitle: {
    too_long: `Your job title must be ${PROFILE_TEXT_MAX} characters or fewer.`,
    invalid: 'Your job title must be on one line, without tabs or other control characters.',
  },
};

/** What the database would say of a typed value, said before anything is sent. */
export function profileTextProblem(value: string): ProfileProblem | null {
  const trimmed = value.trim();
  // Characters as Postgres counts them (code points), not UTF-16 units.
  if ([...trimmed].length > PROFILE_TEXT_MAX) return 'too_long';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'invalid';
  return null;
}

export function profileMessage(field: ProfileField, problem: ProfileProblem): string {
  return MESSAGES[field][problem];
}

export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function validateProfile(values: Record<ProfileField, string>): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of ['fullName', 'jobTitle'] as const) {
    const problem = profileTextProblem(values[field]);
    if (problem) errors[field] = profileMessage(field, problem);
  }
  return errors;
}
