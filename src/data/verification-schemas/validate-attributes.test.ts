import { describe, expect, it } from 'vitest';

import { attributesProblem } from './validate-attributes';

describe('attributesProblem', () => {
  it('accepts a JSON Schema 2020-12 of an object', () => {
    expect(
      attributesProblem({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { family_name: { type: 'string' }, eqf_level: { type: 'integer', minimum: 1, maximum: 8 }, kind: { enum: ['a', 'b'] } },
        required: ['family_name'],
      }),
    ).toBeNull();
  });

  it('refuses what the meta-schema refuses, in words', () => {
    expect(attributesProblem({ type: 'object', properties: { a: { type: 'text' } } })).toMatch(/^This is not a valid JSON Schema: \/properties\/a\/type/);
    expect(attributesProblem({ type: 'object', required: 'a' })).toMatch(/not a valid JSON Schema: \/required must be array/);
    expect(attributesProblem({ type: 'object', properties: { a: { minimum: 'one' } } })).toMatch(/minimum must be number/);
  });

  it('refuses what is not an object, and other drafts', () => {
    expect(attributesProblem([])).toBe('The attributes must be a JSON object: a JSON Schema.');
    expect(attributesProblem({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' })).toMatch(/^Use JSON Schema 2020-12/);
  });
});
