import { DataError, toDataError } from '../errors';

/** The resource RPCs' named refusals (decision 054), in words for the person who acted. */
export const RESOURCE_REFUSALS: Record<string, string> = {
  not_authenticated: 'Your session has ended. Sign in again to continue.',
  invalid_title: 'Give the resource a title of at most 200 characters.',
  invalid_description: 'A description can be at most 2,000 characters.',
  invalid_category: 'Give the resource a category of at most 80 characters.',
  invalid_audience: 'Publish to every member, or choose at least one sector.',
  invalid_version_label: 'Give the version a label of at most 40 characters, e.g. 1.0 or 2026 edition.',
  invalid_file: 'The file was not received. Choose it again and save once more.',
  invalid_published: 'Say whether to publish or unpublish the resource.',
  resource_not_found: 'This resource no longer exists. Reload the page.',
};

interface PostgrestErrorLike {
  message?: string;
  code?: string;
}

/** An RPC's refusal (message = code) as a sentence; "Only system administrators may …" and anything else as toDataError words it. */
export function toResourceError(error: PostgrestErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = RESOURCE_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
