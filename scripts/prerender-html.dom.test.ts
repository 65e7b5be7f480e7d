// @vitest-environment jsdom
import { createElement as h, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readBarePage, takeOver } from '../src/app/bare-page';
import { HIDE_PAGE_FOR_INVITATION_TOKEN, HOLD_PRESSES_UNTIL_THE_APP_STARTS, injectPrerendered, REFLECT_ADDRESS_IN_SEARCH } from './prerender-html';
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

interface Sent {
  email: string;
  sector: string;
  terms: boolean;
}

/** A sign-in form as the app draws it: controlled fields, whose state is what a press sends. */
function SignInForm({ onSend }: { onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [sector, setSector] = useState('');
  const [terms, setTerms] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend({ email, sector, terms });
  };
  return h(
    'form',
    { 'aria-label': 'Request a sign-in link', noValidate: true, onSubmit: submit },
    h('label', { htmlFor: 'email' }, 'Work e-mail'),
    h('input', { id: 'email', type: 'email', name: 'email', value: email, onChange: (e: { target: HTMLInputElement }) => setEmail(e.target.value) }),
    h('label', { htmlFor: 'note' }, 'Note'),
    h('input', { id: 'note', type: 'text', name: 'note', defaultValue: '' }),
    h(
      'select',
      { name: 'sector', 'aria-label': 'Sector', value: sector, onChange: (e: { target: HTMLSelectElement }) => setSector(e.target.value) },
      h('option', { value: '' }, 'Choose'),
      h('option', { value: 'health' }, 'Healthcare'),
    ),
    h('input', { type: 'checkbox', name: 'terms', 'aria-label': 'I agree', checked: terms, onChange: (e: { target: HTMLInputElement }) => setTerms(e.target.checked) }),
    h('button', { type: 'submit' }, 'Send magic link'),
  );
}

/**
 * A prerendered form before the app starts, and the app taking it over as
 * main.tsx does (read the bare page, draw the app over it in one task, carry
 * over): what the person typed, their focus and their press reach the app.
 */
describe('a prerendered form the app takes over', () => {
  const script = HOLD_PRESSES_UNTIL_THE_APP_STARTS.match(/<script>([\s\S]*)<\/script>/)![1]!;
  const listeners: [string, EventListener][] = [];

  /** The bare page, with its head script listening (its listeners are taken off after each test). */
  function bare(): HTMLElement {
    document.documentElement.removeAttribute('data-app');
    const root = Object.assign(document.createElement('div'), { id: 'root', innerHTML: renderToString(h(SignInForm, { onSend: () => undefined })) });
    document.body.replaceChildren(root);
    const listen = vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([type, listener as EventListener]);
      EventTarget.prototype.addEventListener.call(document, type, listener, options);
    });
    new Function(script)();
    listen.mockRestore();
    return root;
  }


  afterEach(() => {
    for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener, true);
  });

  it('is on pages with a form other than a search form', () => {
    const page = (html: string) => injectPrerendered(shell, { path: '/login', html, title: 'Member login — Accord', description: null });
    expect(page('<form aria-label="Request a sign-in link"><input name="email"></form>')).toContain(HOLD_PRESSES_UNTIL_THE_APP_STARTS);
    expect(page('<form role="search" aria-label="Search"><input name="q"></form>')).not.toContain(HOLD_PRESSES_UNTIL_THE_APP_STARTS);
    expect(page('<p>No form</p>')).not.toContain(HOLD_PRESSES_UNTIL_THE_APP_STARTS);
  });

  it('keeps what was typed, the focus and the caret, and sends it with the press made before the app started', () => {
    const root = bare();
    const [email, note] = [...root.querySelectorAll('input')];
    email!.value = 'ada@example.org';
    note!.value = 'hello there';
    root.querySelector('select')!.value = 'health';
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true;
    note!.focus();
    note!.setSelectionRange(5, 5);
    const button = root.querySelector('button')!;
    const submitted = vi.fn();
    root.addEventListener('submit', submitted);
    button.click();
    // The press is held, not sent as a page load, and shows it is waiting.
    expect(submitted.mock.calls[0]![0].defaultPrevented).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.click();

    const sent: Sent[] = [];
    takeOver(root, h(SignInForm, { onSend: (value) => sent.push(value) }));
    // The app's own form, holding what the person typed, sent once with it.
    expect(root.querySelector('button')).not.toBe(button);
    expect(root.querySelector<HTMLInputElement>('input[name=email]')!.value).toBe('ada@example.org');
    expect(sent).toEqual([{ email: 'ada@example.org', sector: 'health', terms: true }]);
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.name).toBe('note');
    expect([focused.value, focused.selectionStart]).toEqual(['hello there', 5]);
  });

  it('sends nothing that was not pressed, and steps aside once the app has started', () => {
    const root = bare();
    root.querySelector('input')!.value = 'grace@example.org';
    const sent: Sent[] = [];
    takeOver(root, h(SignInForm, { onSend: (value) => sent.push(value) }));
    expect(sent).toEqual([]);
    root.querySelector('button')!.click();
    expect(sent).toEqual([{ email: 'grace@example.org', sector: '', terms: false }]);
    expect(root.querySelector('[aria-busy]')).toBeNull();
  });

  it("does not press for the person a control the app's page does not have", () => {
    const root = bare();
    root.querySelector('button')!.click();
    const page = readBarePage(root);
    const app = createRoot(root);
    flushSync(() => app.render(h('form', { 'aria-label': 'Another form' }, h('button', { type: 'submit' }, 'Send magic link'))));
    const submitted = vi.fn((event: Event) => event.preventDefault());
    root.addEventListener('submit', submitted);
    document.documentElement.setAttribute('data-app', 'started');
    page.carryInto(root);
    expect(submitted).not.toHaveBeenCalled();
  });
});
