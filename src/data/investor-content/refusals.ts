import { DataError, toDataError } from '../errors';

/** The investor-content RPCs' named refusals (decision 060), in words for the administrator who acted. */
export const INVESTOR_CONTENT_REFUSALS: Record<string, string> = {
  invalid_folder_name: 'Give the folder a name of at most 120 characters.',
  folder_name_taken: 'A folder with this name already exists. Choose another name.',
  folder_not_found: 'This folder no longer exists. Reload the page.',
  folder_not_empty: 'This folder still holds documents. Move or delete them first.',
  invalid_document_title: 'Give the document a title of at most 200 characters.',
  invalid_document_description: 'A description can be at most 2,000 characters.',
  invalid_document_level: 'Choose who may see the document: every investor or the data room only.',
  document_not_found: 'This document no longer exists. Reload the page.',
  invalid_file: 'The file was not received. Choose it again and save once more.',
  invalid_page: 'That page of the access log does not exist. Go back to the first page.',
  invalid_nda_body: 'Write the NDA text (at most 50,000 characters).',
  invalid_update_title: 'Give the update a title of at most 200 characters.',
  invalid_update_body: 'Write the update (at most 5,000 characters).',
  update_not_found: 'This update no longer exists. Reload the page.',
};

interface PostgrestErrorLike {
  message?: string;
  code?: string;
}

/** An RPC's refusal (message = code) as a sentence; anything else as toDataError words it. */
export function toInvestorContentError(error: PostgrestErrorLike): DataError {
  const code = error.message ?? '';
  const sentence = INVESTOR_CONTENT_REFUSALS[code];
  return sentence ? new DataError(sentence, { code, cause: error }) : toDataError(error);
}
