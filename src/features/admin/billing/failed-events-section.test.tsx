import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../../data/client';
import { renderAt } from '../../../testing/render';
import { FailedEventsSection } from './failed-events-section';

/**
 * /admin/billing's failed payment events against a fake client: what failed,
 * how often, when it is tried again, the invoice it names; none; a refusal.
 * The real list and its retry: tests/db/card-payments.test.ts.
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const renderSection = (answer: () => Promise<Answer>) => {
  const rpc = vi.fn(answer);
  renderAt(<FailedEventsSection client={{ rpc } as unknown as AccordClient} />);
  return rpc;
};

describe('Failed payment events', () => {
  it('lists each event with what failed, its attempts and when it is tried again', async () => {
    const rpc = renderSection(async () => ({
      data: [
        {
          id: 'evt_1NgPq2',
          type: 'payment_intent.succeeded',
          attempts: 3,
          last_error: 'No such payment_intent: pi_missing',
          invoice_id: '00000000-0000-4000-8000-0000000000i1',
          received_at: '2026-11-28T09:00:00Z',
          next_retry_at: '2026-11-28T09:08:00Z',
        },
      ],
      error: null,
    }));
    const table = await screen.findByRole('table', { name: 'Failed payment events' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('payment_intent.succeeded');
    expect(row).toHaveTextContent('evt_1NgPq2');
    expect(row).toHaveTextContent('No such payment_intent: pi_missing');
    expect(row).toHaveTextContent('3');
    expect(within(row).getByRole('link', { name: 'Open the invoice' })).toHaveAttribute('href', '/admin/invoices?invoice=00000000-0000-4000-8000-0000000000i1');
    expect(rpc).toHaveBeenCalledWith('admin_list_payment_event_failures');
  });

  it('says when every event has been applied', async () => {
    renderSection(async () => ({ data: [], error: null }));
    expect(await screen.findByText('No failed payment events')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the database’s refusal of someone without a recent second factor', async () => {
    renderSection(async () => ({ data: null, error: { code: '42501', message: 'aal2_required' } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The failed payment events could not be loaded');
  });
});
