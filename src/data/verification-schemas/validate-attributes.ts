import { validate } from './json-schema-2020-12.generated.js';

const META_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Checks a schema's attributes against the JSON Schema 2020-12 meta-schema
 * (the database checks only their structure). The validator is ajv's, compiled
 * ahead of time (scripts/generate-json-schema-validator.ts) because ajv's
 * runtime compiler needs `new Function`, which the Content-Security-Policy
 * forbids. Loaded on demand by the back office's schema form, so no public
 * page carries it. Returns the problem as a sentence, or null.
 */
export function attributesProblem(attributes: unknown): string | null {
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    return 'The attributes must be a JSON object: a JSON Schema.';
  }
  const declared = (attributes as Record<string, unknown>).$schema;
  if (declared !== undefined && declared !== META_SCHEMA) {
    return `Use JSON Schema 2020-12: set "$schema" to ${META_SCHEMA}, or leave it out.`;
  }
  if (validate(attributes)) return null;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || 'the schema'} ${e.message ?? `fails ${e.keyword}`}`);
  return `This is not a valid JSON Schema: ${[...new Set(problems)].slice(0, 3).join('; ')}.`;
}
