import { useEffect } from 'react';

import { supabase, type AccordClient } from '../../data/client';
import { recordInvestorVisit } from '../../data/investor-access/record-investor-visit';
import { useSessionFacts } from '../../session/session-context';

/** The database keeps at most one write a minute per investor; the page need not ask more often. */
const VISIT_INTERVAL_MS = 60_000;
const lastSentAt = new Map<string, number>();

/**
 * Records the investor's visit (the back office's "last visit", decision 059)
 * when an investor page opens. Sent at most once a minute per person from this
 * tab, so moving between the dashboard and the data room costs no request, and
 * a page opened twice (StrictMode) sends once.
 */
export function useRecordInvestorVisit(client: AccordClient = supabase): void {
  const facts = useSessionFacts();
  const userId = facts.status === 'signedIn' ? facts.userId : null;
  useEffect(() => {
    if (!userId) return;
    const now = Date.now();
    if (now - (lastSentAt.get(userId) ?? -Infinity) < VISIT_INTERVAL_MS) return;
    lastSentAt.set(userId, now);
    void recordInvestorVisit(client);
  }, [client, userId]);
}
