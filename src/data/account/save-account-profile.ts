import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';
import type { AccountProfile } from './get-account-profile';

/** Where a refused field's problem is said: the field's name and the database's code for it. */
export type ProfileField = 'fullName' | 'jobTitle';
export type ProfileProblem = 'too_long' | 'invalid';

const COLUMN_TO_FIELD: Record<string, ProfileField> = { full_name: 'fullName', job_title: 'jobTitle' };

/**
 * The database's refusal of a field (22023 invalid_profile, detail {column: code}),
 * as {field: problem}; empty when the error is not one.
 */
export function profileProblems(error: unknown): Partial<Record<ProfileField, ProfileProblem>> {
  if (!(error instanceof DataError) || error.code !== 'invalid_profile' || !error.details) return {};
  try {
    const detail = JSON.parse(error.details) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(detail).flatMap(([column, code]) =>
        COLUMN_TO_FIELD[column] && (code === 'too_long' || code === 'invalid') ? [[COLUMN_TO_FIELD[column], code]] : [],
      ),
    );
  } catch {
    return {};
  }
}

const REFUSED = 'Your profile was not saved: check the fields marked below.';
const NOT_YOURS = 'You can only change your own profile.';

/**
 * Saves the person's own name and job title. The database trims them, stores
 * blank as none and refuses a value over 200 characters or of more than one
 * line (invalid_profile), and a job title written by anyone but its owner
 * (not_own_profile).
 */
export async function saveAccountProfile(client: AccordClient, userId: string, profile: AccountProfile): Promise<AccountProfile> {
  const { data, error } = await client
    .from('profiles')
    .update({ full_name: profile.fullName, job_title: profile.jobTitle })
    .eq('id', userId)
    .select('full_name, job_title');
  if (error) {
    if (error.message === 'invalid_profile') throw new DataError(REFUSED, { code: 'invalid_profile', details: error.details, cause: error });
    if (error.message === 'not_own_profile') throw new DataError(NOT_YOURS, { code: 'not_own_profile', cause: error });
    throw toDataError(error);
  }
  // The update policy filters out a row the caller may not change: no error, no row.
  const row = data[0];
  if (!row) throw new DataError(NOT_YOURS, { code: 'not_own_profile' });
  return { fullName: row.full_name, jobTitle: row.job_title };
}
