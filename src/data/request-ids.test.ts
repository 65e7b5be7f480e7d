import { describe, expect, it } from 'vitest';

import { createRequestIds } from './request-ids';

describe('request ids', () => {
  it('keeps one id while the same content is sent again, and makes a new one once it is stored or changed', () => {
    let n = 0;
    const ids = createRequestIds(() => `id-${++n}`);
    expect(ids.idFor('Hello')).toBe('id-1');
    expect(ids.idFor('Hello')).toBe('id-1');
    expect(ids.idFor('Hello, again')).toBe('id-2');
    ids.sent();
    expect(ids.idFor('Hello, again')).toBe('id-3');
  });

  it('makes UUIDs by default', () => {
    expect(createRequestIds().idFor('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
