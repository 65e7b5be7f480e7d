import { useEffect } from 'react';

import { supabase, type AccordClient } from '../../data/client';
import { recordInvestorVisit } from '../../data/investor-access/record-investor-visit';

/**
 * Records the investor's visit (the back office's "last visit", decision 059)
 * once when an investor page opens. The database keeps at most one write a
 * minute, so a page opened twice (StrictMode, moving between pages) costs nothing.
 */
export function useRecordInvestorVisit(client: AccordClient = supabase): void {
  useEffect(() => {
    void recordInvestorVisit(client);
  }, [client]);
}
