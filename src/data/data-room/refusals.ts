import { DataError, toDataError } from '../errors';

/**
 * The data room's named refusals (20261129000300_data-room.sql and the
 * open-investor-document function), in words for the investor.
 */
export const DATA_ROOM_REFUSALS: Record<string, string> = {
  not_authenticated: 'Your session has ended. Sign in again to continue.',
  not_allowed_data_room: 'The data room is open to investors with data-room access only.',
  nda_not_published: 'The data room is not open yet: its non-disclosure agreement has not been published.',
  nda_version_stale: 'The non-disclosure agreement was changed while you were reading it. Read the new version before agreeing.',
  nda_version_required: 'The agreement could not be matched to the version you read. Reload the page and try again.',
  nda_required: 'Agree to the non-disclosure agreement before opening data-room documents.',
  investor_document_not_found: 'This document is not available to you. It may have been replaced or removed.',
  document_not_found: 'This document is not available to you. It may have been replaced or removed.',
  invalid_action: 'The document could not be opened. Reload the page and try again.',
};

interface ErrorLike {
  message?: string;
  code?: string;
}

/** An RPC's refusal (message = code) as a sentence with its code kept; anything else as toDataError words it. */
export function toDataRoomError(error: ErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = DATA_ROOM_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
