import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (or CHROME_PATH), launched as the project's browser tests need it. */
export function chromePath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH.`);
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
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
