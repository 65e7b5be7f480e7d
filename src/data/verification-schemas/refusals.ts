import { DataError, toDataError } from '../errors';

/** The schema RPCs' named errors, as the person who acted reads them. */
const MESSAGES: Record<string, string> = {
  name_invalid: 'Give the schema a name of 2 to 120 characters.',
  version_invalid: 'Give a version such as 1.0 or 2.1.3: numbers separated by dots.',
  description_invalid: 'Describe the check in at most 2,000 characters.',
  assurance_level_required: 'Choose the level of assurance.',
  attributes_not_object: 'The attributes must be a JSON object: a JSON Schema.',
  attributes_not_object_schema: 'The attributes must be a JSON Schema whose type is "object".',
  attributes_no_properties: 'The attributes schema needs at least one property under "properties".',
  attributes_property_invalid:
    'Each property must be a schema with a JSON type (string, number, integer, boolean, object, array or null), or an enum, const, format or $ref.',
  attributes_required_invalid: '"required" must be a list of names that are all under "properties".',
  schema_version_exists: 'A schema with this name already has this version. Choose another version.',
  schema_not_found: 'This schema no longer exists. Reload the page.',
  schema_not_draft: 'Only a draft can be edited. To change an active schema, add a new version.',
  status_change_not_allowed: 'A schema moves forward only: from draft to active, and from active to deprecated.',
  schema_not_active: 'Only active schemas can be declared. Reload the page to see the schemas the network recognises now.',
};

/** A refusal as a sentence (DataError), keeping the database's code. */
export function schemaRefusal(error: { message: string }): DataError {
  const message = MESSAGES[error.message];
  if (message) return new DataError(message, { code: error.message, cause: error });
  return toDataError(error);
}
