import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { seriousAxeViolations } from './browser.ts';

/**
 * A page at 1280 and 360 px: nothing scrolls sideways and axe finds nothing
 * serious; with ACCORD_SCREENSHOTS set to a directory, a full-page picture of
 * each width is kept there as `<name>-<width>.png`. Leaves the page at 1280 px.
 */
export async function checkPageWidths(page: Page, name: string): Promise<void> {
  const shots = process.env.ACCORD_SCREENSHOTS;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    }
    // As text: tests/support is compiled without the DOM's types, and the expression runs in the page anyway.
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
