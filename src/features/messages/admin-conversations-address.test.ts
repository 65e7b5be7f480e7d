import { describe, expect, it } from 'vitest';

import { parseAdminConversationsAddress, serializeAdminConversationsAddress } from './admin-conversations';

describe('the back office conversations address', () => {
  it('defaults to open conversations for anyone, and writes defaults nowhere', () => {
    const address = parseAdminConversationsAddress(new URLSearchParams(''));
    expect(address).toEqual({ status: 'open', assigned: '', org: '', q: '', c: '' });
    expect(serializeAdminConversationsAddress(address).toString()).toBe('');
  });

  it('reads and writes back every filter', () => {
    const query = 'status=closed&assigned=mine&org=11111111-1111-4111-8111-111111111111&q=renewal&c=22222222-2222-4222-8222-222222222222';
    const address = parseAdminConversationsAddress(new URLSearchParams(query));
    expect(address).toEqual({
      status: 'closed',
      assigned: 'mine',
      org: '11111111-1111-4111-8111-111111111111',
      q: 'renewal',
      c: '22222222-2222-4222-8222-222222222222',
    });
    expect(serializeAdminConversationsAddress(address).toString()).toBe(query);
  });

  it('ignores what it does not recognise, but keeps a malformed conversation id to explain it', () => {
    const address = parseAdminConversationsAddress(new URLSearchParams('status=pending&assigned=everyone&org=northwind&c=abc'));
    expect(address).toEqual({ status: 'open', assigned: '', org: '', q: '', c: 'abc' });
  });
});
