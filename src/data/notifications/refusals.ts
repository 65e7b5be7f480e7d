import { DataError, toDataError } from '../errors';

/** The notification RPCs' named refusals (decision 046), in words for the person who acted. */
export const NOTIFICATION_REFUSALS: Record<string, string> = {
  not_authenticated: 'Your session has ended. Sign in again to see your notifications.',
  notification_not_found: 'This notification no longer exists. Refresh the list.',
  preference_required: 'Choose whether this kind of notification also goes to you by e-mail.',
};

interface PostgrestErrorLike {
  message?: string;
  code?: string;
}

/** An RPC's refusal (message = code) as a DataError worded for people. */
export function toNotificationError(error: PostgrestErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = NOTIFICATION_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
