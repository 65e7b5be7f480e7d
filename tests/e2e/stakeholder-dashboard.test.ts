import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { checkPageWidths } from '../support/page-widths.ts';
import { openSignedIn } from '../support/sign-in.ts';
import { sql } from '../support/users.ts';

/**
 * /stakeholder/dashboard in Chromium against the local stack (decision 062):
 * the seeded stakeholder signs in and sees the network's figures as the
 * database computes them, registry lookups made through the open API among
 * them, each with its trend in words; at 1280 and 360 px without sideways
 * scrolling or serious axe findings (ACCORD_SCREENSHOTS keeps the pictures).
 */
const config = stackConfig('test');
const app = (path: string) => `${config.appUrl}${path}`;
const STAKEHOLDER = 'stakeholder@accord.test';

interface Summary {
  active_members: number;
  new_members: { current: number };
  pending_applications: number;
  registry_lookups: { current: number; counted_since: string | null };
  status_changes: { current: number };
}

/** network_summary() as the seeded stakeholder would get it. */
async function summaryInDatabase(): Promise<Summary> {
  const [{ summary }] = await sql<{ summary: Summary }>(
    `with who as materialized (
       select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated')::text, true)
         from auth.users u where u.email = $1)
     select public.network_summary() as summary from who`,
    [STAKEHOLDER],
  );
  return summary;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('the stakeholder dashboard', () => {
  it('shows the seeded stakeholder the figures the database computes, registry lookups included', async () => {
    // Lookups through the open API, as a verifier's integration makes them, then the minute's snapshot.
    for (const query of ['Northwind', 'Voyages', 'Kivi']) {
      const res = await fetch(`${config.apiUrl}/rest/v1/rpc/registry_search?p_query=${query}`, {
        headers: { apikey: config.keys.anonKey, authorization: `Bearer ${config.keys.anonKey}` },
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await sql('select private.snapshot_registry_lookups()');

    await openSignedIn(page, STAKEHOLDER, '/stakeholder/dashboard');
    await appStarted(page);
    await page.getByRole('heading', { level: 1, name: 'Stakeholder dashboard' }).waitFor();
    await page.getByTestId('figure-active-members').waitFor();

    const expected = await summaryInDatabase();
    const [{ active, pending }] = await sql<{ active: number; pending: number }>(
      `select (select count(*) from public.registry_entries where status = 'active')::int as active,
              (select count(*) from public.organization_applications where status in ('pending', 'under_review'))::int as pending`,
    );
    expect(expected.active_members).toBe(active);
    expect(expected.pending_applications).toBe(pending);
    expect(expected.registry_lookups.current).toBeGreaterThanOrEqual(3);

    const shown = async (key: string) => (await page.getByTestId(`figure-${key}`).textContent())?.replace(/,/g, '');
    expect(await shown('active-members')).toBe(String(expected.active_members));
    expect(await shown('new-members')).toBe(String(expected.new_members.current));
    expect(await shown('pending-applications')).toBe(String(expected.pending_applications));
    expect(await shown('registry-lookups')).toBe(String(expected.registry_lookups.current));
    expect(await shown('status-changes')).toBe(String(expected.status_changes.current));

    // Every figure says its trend in words, and when lookups began to be counted.
    for (const name of ['Active members', 'New this month', 'Pending applications', 'Status changes']) {
      await expect(page.getByRole('region', { name }).textContent()).resolves.toMatch(/(Up|Down) [\d,]+ from [\d,]+ (in|on) |No change from /);
    }
    await expect(page.getByRole('region', { name: 'Registry lookups' }).textContent()).resolves.toMatch(/Counted since \d{1,2} \w+ \d{4}/);

    await checkPageWidths(page, 'stakeholder-dashboard');

    await page.getByRole('link', { name: /See the analytics/ }).click();
    await page.waitForURL(app('/stakeholder/analytics'));
  });
});
