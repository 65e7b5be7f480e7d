import { DataError, toDataError } from '../errors';

/** The conversation RPCs' named refusals (decision 045), in words for the person who acted. */
export const CONVERSATION_REFUSALS: Record<string, string> = {
  not_authenticated: 'Your session has ended. Sign in again to continue.',
  not_organization_member: 'You can only write to the network for your own organisation.',
  organization_not_found: 'This organisation no longer exists.',
  conversation_not_found: 'This conversation no longer exists, or you no longer have access to it.',
  conversation_closed: 'This conversation is closed. Start a new conversation to write to the network.',
  invalid_subject: 'Give the conversation a subject of at most 200 characters.',
  invalid_body: 'Write a message of at most 10,000 characters.',
  too_many_attachments: 'A message can carry at most 10 files.',
  invalid_attachment: 'A file could not be attached. Choose it again and send the message once more.',
  invalid_assignee: 'Conversations can only be assigned to the network’s administrators.',
  invalid_cursor: 'The list could not be continued. Reload the page.',
  invalid_filter: 'Choose unassigned or mine, not both.',
  invalid_search: 'Search for at most 200 characters.',
  request_reused: 'This was already sent as something else. Reload the page and send it again.',
};

interface PostgrestErrorLike {
  message?: string;
  code?: string;
}

/** An RPC's refusal (message = code) as a DataError worded for people; anything else as toDataError words it. */
export function toConversationError(error: PostgrestErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = CONVERSATION_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
