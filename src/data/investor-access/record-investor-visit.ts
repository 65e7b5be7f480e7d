import type { AccordClient } from '../client';

/**
 * Tells the database the investor opened their area (last_seen_at, at most
 * once a minute by the database's own rule). Best effort: a visit that could
 * not be recorded must not stop the investor reading their pages.
 */
export async function recordInvestorVisit(client: AccordClient): Promise<void> {
  await client.rpc('record_investor_visit').then(
    () => undefined,
    () => undefined,
  );
}
