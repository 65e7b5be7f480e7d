import { describe, expect, it } from 'vitest';

import { openConversation } from './conversation-address';

describe('the open conversation in the address (?c=)', () => {
  it('is none, a well-formed id, or malformed', () => {
    expect(openConversation(null)).toEqual({ kind: 'none' });
    expect(openConversation('')).toEqual({ kind: 'none' });
    expect(openConversation('5EED0000-0000-4000-8000-000000000101')).toEqual({ kind: 'valid', id: '5eed0000-0000-4000-8000-000000000101' });
    expect(openConversation('5eed0000-0000-4000-8000')).toEqual({ kind: 'malformed' });
    expect(openConversation("1' or 1=1")).toEqual({ kind: 'malformed' });
  });
});
