import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from '../../supabase/local/app-server.ts';
import { stackConfig } from '../../supabase/local/config.ts';
import { launchBrowser } from '../support/browser.ts';
import { freePort } from '../support/free-port.ts';

/**
 * The other browser tests run against the production build. This one checks
 * what a newcomer gets from `npm start`: the Vite dev server, with React's
 * development build (which reports more as console errors), drawing the
 * public site, a search and the sign-in page against the stack.
 */
const config = stackConfig('test');
let browser: Browser;
let app: Awaited<ReturnType<typeof startApp>>;

beforeAll(async () => {
  // A port chosen now rather than the app's port + 1: this file runs late in the
  // tier, when a fixed port may be held by one of the run's own connections (CI
  // once failed here with EADDRINUSE).
  [app, browser] = await Promise.all([freePort().then((port) => startApp(config, port)), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the dev server npm start runs', () => {
  it('serves the app: the home page, a registry search and the sign-in page, with no error in the console', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Verify once. Be trusted across the network.' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Essentials' }).waitFor();

    await page.goto(`${app.url}/trust-registry?q=Voyages`);
    await page.getByRole('list', { name: 'Organisations' }).getByRole('link', { name: 'Voyages Lumière' }).waitFor();

    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send magic link' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the development security policy, which lets React refresh and its WebSocket work', async () => {
    const response = await fetch(`${app.url}/`, { headers: { accept: 'text/html' } });
    await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain(`connect-src 'self' ws://${new URL(app.url).host} ${config.apiUrl}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Policy violations on the pages above fail the test through tests/support/e2e-setup.ts.
  });
});
