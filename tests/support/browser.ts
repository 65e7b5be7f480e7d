import { existsSync } from 'node:fs';

import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (or CHROME_PATH), launched as the project's browser tests need it. */
export function chromePath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH.`);
  }
  return path;
}

/** A Content-Security-Policy violation a page reported (its `securitypolicyviolation` event). */
export interface PolicyViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

const violations: PolicyViolation[] = [];

/**
 * Every violation reported since the last call, and forgets them. The browser
 * tier's setup (tests/support/e2e-setup.ts) fails any test after which this is
 * not empty, so every page any browser test opens is checked against the
 * policy its response carried (docs/decisions/027-tokens-in-addresses-headers-and-login-csrf.md).
 */
export function takePolicyViolations(): PolicyViolation[] {
  return violations.splice(0);
}

const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__accordPolicyViolation({
    page: location.href,
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    sample: event.sample,
  });
});`;

/** Has every page of `context` report policy violations to this process (see takePolicyViolations). */
export async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  // A binding and an init script are added by the browser itself, outside the page's policy.
  await context.exposeBinding('__accordPolicyViolation', (_source, violation: PolicyViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(REPORT_VIOLATIONS);
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  // Every context a test opens watches for policy violations, so no test has to remember to.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchPolicyViolations(context);
    return context;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Waits until the app has taken over the page (src/app/main.tsx marks it). A
 * prerendered page is readable, and its links work, before that; its buttons
 * and other controls that need the app do nothing until then.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
}

/**
 * Puts axe-core into a page or frame for an accessibility check. Through the
 * browser's own evaluation, not a <script> element: the app's
 * Content-Security-Policy rightly refuses an inline script it does not know.
 */
export async function injectAxe(target: Pick<Page, 'evaluate'>): Promise<void> {
  await target.evaluate(axe.source);
}

/** Axe's serious and critical findings in the page (or within one selector), as readable lines; [] when there are none. */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  // A dialog or toast still fading in is part-transparent, and axe would measure
  // its contrast mid-fade: wait until nothing finite is animating (spinners loop forever).
  // A function, not a string: the app's CSP forbids evaluating strings in the page.
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as {
      document: { getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations?: number } } | null }> };
    };
    return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  });
  await injectAxe(page);
  // As text: this file is compiled without the DOM's types, and the function runs in the page anyway.
  const context = within ? JSON.stringify({ include: [within] }) : 'document';
  return page.evaluate(`(async () => {
    const result = await window.axe.run(${context}, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')');
  })()`) as Promise<string[]>;
}
