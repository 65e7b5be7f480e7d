import { DataError, toDataError } from '../errors';

/** The news desk functions' named errors, as an editor reads them (20261128000100_news-desk.sql). */
const MESSAGES: Record<string, string> = {
  update_title_required: 'Give the update a title.',
  update_title_too_long: 'A title can be at most 160 characters.',
  update_slug_invalid: 'A slug is lower-case letters, digits and single hyphens, at most 120 characters.',
  update_slug_taken: 'Another update already has this slug. Choose another.',
  update_summary_required: 'Write a summary of one or two sentences.',
  update_summary_too_long: 'A summary can be at most 400 characters.',
  update_body_required: 'Write the update’s text.',
  update_body_too_long: 'The text can be at most 20,000 characters.',
  update_category_required: 'Choose what the update is about.',
  update_not_found: 'This update no longer exists. It may have been deleted by another administrator.',
  update_published: 'Unpublish the update before deleting it.',
  update_cover_alt_required: 'Describe the cover image for people who cannot see it.',
  update_cover_alt_too_long: 'The cover’s description can be at most 300 characters.',
  update_cover_missing: 'The cover image was not uploaded. Choose it again.',
};

/** The error a news desk call throws: the named ones in plain words, anything else as the data layer words it. */
export function newsDeskError(error: { message: string }): DataError {
  const message = MESSAGES[error.message];
  return message ? new DataError(message, { code: error.message, cause: error }) : toDataError(error);
}
