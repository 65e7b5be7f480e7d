import type { AccordClient } from '../client';
import { DataError, toDataError } from '../errors';

const MESSAGES: Record<string, string> = {
  response_required: 'Write an answer to the reviewer’s request.',
  response_required_too_long: 'The answer must be 4,000 characters or fewer.',
  no_open_change_request: 'This request has already been answered. Reload the page to see the latest status.',
  document_missing: 'The new document could not be found. Upload it again.',
  document_path_too_long: 'The new document could not be recorded. Choose the file again and send your answer.',
  document_already_submitted: 'This document was already sent with your application. Choose the new document and send your answer again.',
  not_a_member: 'Only members of the organisation can answer this request.',
};

/** The applicant answers an open change request, optionally with a replacement proof of registration (already uploaded). */
export async function respondToChangeRequest(
  client: AccordClient,
  { organizationId, response, documentPath }: { organizationId: string; response: string; documentPath?: string | null },
): Promise<void> {
  const { error } = await client.rpc('respond_to_change_request', {
    p_organization_id: organizationId,
    p_response: response,
    p_document_path: documentPath ?? undefined,
  });
  if (error) {
    const message = MESSAGES[error.message];
    if (message) throw new DataError(message, { code: error.message, cause: error });
    throw toDataError(error);
  }
}
