import { Ajv2020 } from 'ajv/dist/2020';

/**
 * Checks a schema's attributes against the JSON Schema 2020-12 meta-schema
 * with ajv (the database checks only their structure). Loaded on demand by the
 * back office's schema form, so no public page carries ajv. Returns the
 * problem as a sentence, or null.
 */
export function attributesProblem(attributes: unknown): string | null {
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    return 'The attributes must be a JSON object: a JSON Schema.';
  }
  const declared = (attributes as Record<string, unknown>).$schema;
  if (declared !== undefined && declared !== 'https://json-schema.org/draft/2020-12/schema') {
    return 'Use JSON Schema 2020-12: set "$schema" to https://json-schema.org/draft/2020-12/schema, or leave it out.';
  }
  // Formats (date, email…) are descriptions here, not checks ajv should refuse to know.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  try {
    if (!ajv.validateSchema(attributes)) {
      return `This is not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: 'attributes' })}.`;
    }
    ajv.compile(attributes);
  } catch (failure) {
    return `This is not a valid JSON Schema: ${failure instanceof Error ? failure.message : String(failure)}.`;
  }
  return null;
}
