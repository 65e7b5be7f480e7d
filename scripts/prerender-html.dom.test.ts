// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import { HIDE_PAGE_FOR_INVITATION_TOKEN, injectPrerendered, REFLECT_ADDRESS_IN_SEARCH } from './prerender-html';
import { shell } from './prerender-html.fixtures';

/** The script a prerendered page with a search form runs in <head>, in a DOM (tsconfig.e2e.json types this file). */
describe('a search form on a prerendered page', () => {
  it("shows the address's search in a search form's fields as the parser adds them, once, and touches no other form", async () => {
    const search = '<form role="search"><input name="q" value=""><select name="sector"><option value="">All</option></select></form>';
    const page = injectPrerendered(shell, { path: '/trust-registry', html: search, title: 'Trust registry — Accord', description: null });
    expect(page.slice(0, page.indexOf('</head>'))).toContain(REFLECT_ADDRESS_IN_SEARCH);

    window.history.replaceState(null, '', '/trust-registry?q=%20Voyages%20&sector=education&page=2');
    new Function(REFLECT_ADDRESS_IN_SEARCH.replace(/^<script>|<\/script>$/g, ''))();
    // The document arrives in parts, as a parser adds it: the select's option comes after the select.
    const root = Object.assign(document.createElement('div'), { id: 'root', innerHTML: search });
    document.body.append(root);
    await Promise.resolve();
    const [box, select] = [root.querySelector('input')!, root.querySelector('select')!];
    expect(box.value).toBe('Voyages');
    select.insertAdjacentHTML('beforeend', '<option value="education">Education</option>');
    root.insertAdjacentHTML('beforeend', '<form><input name="q" value=""></form>');
    await Promise.resolve();
    expect(select.value).toBe('education');
    expect(root.querySelectorAll('input')[1]!.value).toBe('');
    // What a quick visitor types before the app runs stays.
    box.value = 'Voyages Lum';
    root.insertAdjacentHTML('beforeend', '<p>More of the page</p>');
    await Promise.resolve();
    expect(box.value).toBe('Voyages Lum');
    // The document is parsed: the script stops watching (it would see the next tests' pages).
    document.dispatchEvent(new Event('DOMContentLoaded'));
    root.remove();
  });
});

/** The script /accept-invitation runs in <head>: a link carrying a token is the app's to draw, not the prerendered explanation's. */
describe('an invitation link on the prerendered /accept-invitation', () => {
  const explanation = '<h1>Accept your invitation</h1><p>This page does not hold an invitation itself.</p>';
  const script = HIDE_PAGE_FOR_INVITATION_TOKEN.match(/<script>([\s\S]*)<\/script>/)![1]!;

  /** Runs the script as the page at `address`; `parsed` is what it does once the document is parsed (nothing, unless it asked). */
  function load(address: string): { root: HTMLElement; parsed: () => void } {
    window.history.replaceState(null, '', address);
    document.documentElement.removeAttribute('data-forwarding');
    const root = Object.assign(document.createElement('div'), { id: 'root', innerHTML: explanation });
    document.body.replaceChildren(root);
    let parsed = () => undefined as void;
    // Caught rather than left on the one test document, where every earlier run's handler would fire too.
    const listen = vi.spyOn(document, 'addEventListener').mockImplementation((type, listener) => {
      if (type === 'DOMContentLoaded') parsed = listener as () => void;
    });
    new Function(script)();
    listen.mockRestore();
    return { root, parsed };
  }

  it('is on that page only', () => {
    const page = injectPrerendered(shell, { path: '/accept-invitation', html: explanation, title: 'Accept invitation — Accord', description: null });
    expect(page.slice(0, page.indexOf('</head>'))).toContain(HIDE_PAGE_FOR_INVITATION_TOKEN);
    expect(injectPrerendered(shell, { path: '/login', html: explanation, title: 'Member login — Accord', description: null })).not.toContain('data-forwarding');
  });

  it('hides the explanation while the document is parsed and empties it once parsed, for a token in the query or the fragment', () => {
    for (const address of ['/accept-invitation?token=abc', '/accept-invitation#invitation_token=abc']) {
      const { root, parsed } = load(address);
      expect(document.documentElement.hasAttribute('data-forwarding'), address).toBe(true);
      parsed();
      expect(root.childElementCount, address).toBe(0);
      expect(document.documentElement.hasAttribute('data-forwarding'), address).toBe(false);
    }
  });

  it('leaves the explanation on screen for the bare address and for other parameters', () => {
    for (const address of ['/accept-invitation', '/accept-invitation?next=%2Flogin', '/accept-invitation?token=']) {
      const { root, parsed } = load(address);
      parsed();
      expect(document.documentElement.hasAttribute('data-forwarding'), address).toBe(false);
      expect(root.textContent, address).toContain('Accept your invitation');
    }
  });
});
