import { describe, expect, it } from 'vitest';

import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes the ids the database hands out, in either case', () => {
    expect(isUuid('5eed0000-0000-4000-8000-000000000101')).toBe(true);
    expect(isUuid('5EED0000-0000-4000-8000-000000000101')).toBe(true);
  });
  it('turns away anything else, including an id with more around it', () => {
    for (const value of ['', 'not-an-id', '5eed0000-0000-4000-8000-00000000010', '5eed0000-0000-4000-8000-000000000101x', ' 5eed0000-0000-4000-8000-000000000101']) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
