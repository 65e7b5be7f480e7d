import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { SessionProvider, useSessionFacts } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { signedInFacts } from '../../testing/session-facts';
import { useRecordInvestorVisit } from './use-record-investor-visit';

function InvestorPage({ client }: { client: AccordClient }) {
  useRecordInvestorVisit(client);
  return useSessionFacts().status === 'signedIn' ? <p>Signed in</p> : null;
}

async function open(userId: string, client: AccordClient) {
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor({ status: 'signedIn', ...signedInFacts({ userId, investorLevel: 'lite' }) })} navigate={() => {}}>
        <InvestorPage client={client} />
      </SessionProvider>
    </TestProviders>,
  );
  await screen.findByText('Signed in');
}

describe('recording an investor visit', () => {
  it('sends one request when an investor page opens, none for the next page within the minute, and one for another person', async () => {
    const rpc = vi.fn(async () => ({ data: null, error: null }));
    const client = { rpc } as unknown as AccordClient;
    await open('7e570000-0000-4000-8000-00000000a001', client);
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(rpc).toHaveBeenCalledWith('record_investor_visit');
    cleanup();
    // Moving on to the data room: the database would ignore a second write within the minute anyway.
    await open('7e570000-0000-4000-8000-00000000a001', client);
    cleanup();
    await open('7e570000-0000-4000-8000-00000000a002', client);
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
  });
});
