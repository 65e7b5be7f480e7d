// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { injectPrerendered, REFLECT_ADDRESS_IN_SEARCH } from './prerender-html';
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
    root.remove();
  });
});
