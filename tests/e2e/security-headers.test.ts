import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stackConfig } from '../../supabase/local/config.ts';
import { appBuildDir } from '../support/app-build.ts';
import { appStarted, launchBrowser, takePolicyViolations } from '../support/browser.ts';

/**
 * The production build as served (the browser tier serves it with the
 * headers file the build writes, dist/_headers, as a static host does): every
 * response carries the Content-Security-Policy and the other security headers,
 * the policy lets the pages do everything they do and nothing else, and
 * another site cannot frame the app (decision 027).
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const apiOrigin = new URL(config.apiUrl).origin;
const realtimeOrigin = apiOrigin.replace(/^http/, 'ws');

/** Every page a visitor can open without signing in (the route table's public kind), plus the not-found page. */
const PUBLIC_PAGES = [
  '/',
  '/about',
  '/framework',
  '/use-cases/education',
  '/use-cases/healthcare',
  '/use-cases/online-registration',
  '/use-cases/cross-border-verification',
  '/pricing',
  '/news',
  '/api-guide',
  '/ecosystem',
  '/trust-registry',
  '/trust-registry?q=Voyages',
  '/privacy',
  '/terms',
  '/login',
  '/accord-login',
  '/onboarding',
  '/application-submitted',
  '/accept-invitation',
  '/investors',
  '/investors/access',
  '/no-such-page',
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function headersOf(path: string, accept = 'text/html'): Promise<Headers> {
  const response = await fetch(app(path), { headers: { accept } });
  expect(response.status, `${path} answers 200`).toBe(200);
  await response.arrayBuffer();
  return response.headers;
}

/** The inline scripts of a built page, as the browser hashes them. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/(?:ld\+)?json"/.test(attributes!))
    .map(([, , body]) => body!);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Opens a page and lets it finish starting: the app has taken over and the network is quiet. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(app(path));
  await appStarted(page);
  await page.waitForLoadState('networkidle');
}

describe('security headers on the production build', () => {
  it('every response carries the policy and the other security headers: pages, the bare shell and assets', async () => {
    const home = await (await fetch(app('/'), { headers: { accept: 'text/html' } })).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1] ?? /"(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    expect(asset, 'the home page names a script of the build').toBeDefined();

    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/about', 'text/html'],
      ['/admin/dashboard', 'text/html'],
      ['/auth/callback', 'text/html'],
      ['/admin/accept-invitation', 'text/html'],
      [asset!, '*/*'],
    ] as const) {
      const headers = await headersOf(path, accept);
      const policy = headers.get('content-security-policy');
      expect(policy, `${path} has a Content-Security-Policy`).not.toBeNull();
      const rules = directives(policy!);
      expect(rules.get('default-src')).toEqual(["'self'"]);
      expect(rules.get('script-src')?.[0]).toBe("'self'");
      // Only the exact inline scripts of the build, never any inline script.
      expect(rules.get('script-src')!.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
      expect(rules.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(rules.get('connect-src')).toEqual(["'self'", apiOrigin, realtimeOrigin]);
      expect(rules.get('img-src')).toEqual(["'self'", 'data:', apiOrigin]);
      expect(rules.get('frame-ancestors')).toEqual(["'none'"]);
      expect(rules.get('base-uri')).toEqual(["'self'"]);
      expect(rules.get('form-action')).toEqual(["'self'"]);
      expect(rules.get('object-src')).toEqual(["'none'"]);
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
      expect(headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
      expect(headers.get('permissions-policy')).toMatch(/(^|, )microphone=\(\)/);
    }
  });

  it('allows exactly the inline scripts the built pages carry', async () => {
    const outDir = appBuildDir();
    const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    const needed = new Set(pages.flatMap((file) => inlineScripts(readFileSync(join(outDir, file), 'utf8')).map(sha256)));
    // The search form's reflection and the loader that starts the app after the first paint.
    expect(needed.size).toBeGreaterThanOrEqual(2);
    const allowed = directives((await headersOf('/')).get('content-security-policy')!).get('script-src')!.slice(1);
    expect(new Set(allowed)).toEqual(needed);
  });

  it('every public page starts and works without a policy violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    // Chromium reports a header it cannot read as an error or, for a feature
    // name it does not know, as a warning: both mean the header is wrong.
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of PUBLIC_PAGES) {
      await visit(page, path);
      expect(takePolicyViolations(), `violations on ${path}`).toEqual([]);
    }
    // A shared search link shows its search before the app starts: the inline script ran.
    await page.goto(app('/trust-registry?q=Voyages'));
    await expect(page.locator('form[role="search"] [name="q"]').inputValue()).resolves.toBe('Voyages');
    await appStarted(page);
    expect(errors.filter((error) => /Content.Security.Policy|Permissions.Policy/i.test(error))).toEqual([]);
    await context.close();
  });

  it('another site cannot show the app in a frame', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A page of another origin (the auth service's) that frames the app.
    await page.route(`${apiOrigin}/framing-attack`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${app('/login')}" title="Accord"></iframe>` }),
    );
    await page.goto(`${apiOrigin}/framing-attack`);
    const frame = () => page.frames().find((candidate) => candidate !== page.mainFrame());
    // Chromium refuses the response (frame-ancestors 'none') and shows its own error page in the frame instead.
    await expect.poll(() => frame()?.url()).toBe('chrome-error://chromewebdata/');
    await expect(frame()!.getByText('Send magic link').count()).resolves.toBe(0);
    await context.close();
  });
});
