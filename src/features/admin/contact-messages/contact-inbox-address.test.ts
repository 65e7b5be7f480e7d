import { describe, expect, it } from 'vitest';

import { parseContactInboxAddress, serializeContactInboxAddress } from './contact-messages-panel';

/** The Contact Us tab's filters live in the address beside the page's own `view=contact`, which they never lose. */
describe('the Contact Us inbox address', () => {
  const id = '5eed0000-0000-4000-8000-000000000101';

  it('reads what it knows and falls back on anything else', () => {
    expect(parseContactInboxAddress(new URLSearchParams(`view=contact&topic=press&handled=unhandled&q=fees&page=3&message=${id}`))).toEqual({
      topic: 'press',
      handled: 'unhandled',
      q: 'fees',
      page: 3,
      message: id,
    });
    expect(parseContactInboxAddress(new URLSearchParams('topic=gossip&handled=maybe&page=-2&message=../etc'))).toEqual({
      topic: '',
      handled: 'all',
      q: '',
      page: 1,
      message: '',
    });
    expect(parseContactInboxAddress(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes defaults out, and always keeps view=contact', () => {
    expect(serializeContactInboxAddress({ topic: '', handled: 'all', q: '', page: 1, message: '' }).toString()).toBe('view=contact');
    expect(serializeContactInboxAddress({ topic: 'support', handled: 'handled', q: 'a b', page: 2, message: id }).toString()).toBe(
      `view=contact&topic=support&handled=handled&q=a+b&page=2&message=${id}`,
    );
  });
});
