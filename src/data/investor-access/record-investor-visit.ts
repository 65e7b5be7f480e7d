import type { AccordClient } from '../client';

/**
 * Tells the database the investor opened their area (last_seen_at, at most
 * once a minute by the database's own rule). Best effort: a visit that could
 * not be recorded must not stop the investor reading their pages, so neither a
 * refusal (returned) nor a client that fails before sending (thrown) escapes
 * as an unhandled rejection.
 */
export async function recordInvestorVisit(client: AccordClient): Promise<void> {
  try {
    await client.rpc('record_investor_visit');
  } catch {
    // Nothing to tell the investor: the back office's "last visit" is a courtesy figure.
  }
}
