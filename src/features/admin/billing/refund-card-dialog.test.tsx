import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ToastList } from '../../../components/toaster';
import type { AccordClient } from '../../../data/client';
import { renderAt } from '../../../testing/render';
import { RefundCardDialog, type RefundTarget } from './refund-card-dialog';

/**
 * The refund dialog against a fake client: full and partial refunds as the
 * refund-card-payment function receives them, what it checks before asking,
 * and the function's refusal inside the dialog. The real function, Stripe and
 * the credit note: tests/db/card-payments.test.ts and tests/e2e/card-payments.test.ts.
 */
const TARGET: RefundTarget = {
  paymentId: '00000000-0000-4000-8000-0000000000p1',
  invoiceId: '00000000-0000-4000-8000-0000000000i1',
  invoiceNumber: 'ACC-2026-000042',
  currency: 'EUR',
  refundableMinor: 60000,
};

function renderDialog(invoke: () => Promise<unknown>) {
  const functions = { invoke: vi.fn(invoke) };
  const onClose = vi.fn();
  renderAt(
    <>
      <RefundCardDialog client={{ functions } as unknown as AccordClient} target={TARGET} onClose={onClose} />
      <ToastList />
    </>,
  );
  return { functions, onClose, user: userEvent.setup({ delay: null }) };
}

describe('Refund a card payment', () => {
  it('refunds all that is left with the reason, says a credit note is issued, and closes', async () => {
    const { functions, onClose, user } = renderDialog(async () => ({ data: { refund: { status: 'succeeded' } }, error: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the card payment of ACC-2026-000042' });
    expect(dialog).toHaveTextContent('Up to €600.00 can be refunded to the card.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), '  Membership cancelled  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(functions.invoke).toHaveBeenCalledWith('refund-card-payment', {
      body: { paymentId: TARGET.paymentId, invoiceId: TARGET.invoiceId, amountMinor: 60000, reason: 'Membership cancelled' },
    });
    expect(await screen.findByText('Card payment refunded')).toBeInTheDocument();
    expect(screen.getByText(/€600\.00 goes back to the card; a credit note for ACC-2026-000042 is issued/)).toBeInTheDocument();
  });

  it('refunds part in the invoice’s currency, and refuses more than is left or no reason before asking', async () => {
    const { functions, user } = renderDialog(async () => ({ data: { refund: {} }, error: null }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^What to refund/ }), 'partial');
    const amount = within(dialog).getByRole('textbox', { name: /^Amount to refund \(EUR\)/ });
    await user.type(amount, '600.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most €600.00 can be refunded.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why: the reason is printed on the credit note.')).toBeInTheDocument();
    expect(functions.invoke).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '150,50');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Half the year');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(functions.invoke).toHaveBeenCalledWith('refund-card-payment', { body: expect.objectContaining({ amountMinor: 15050, reason: 'Half the year' }) }));
  });

  it('keeps the dialog open with the function’s refusal in words', async () => {
    const refusal = { name: 'FunctionsHttpError', context: { status: 422, json: async () => ({ error: 'refund_exceeds_payment', message: 'The refund is more than what is left of the payment.' }) } };
    const { onClose, user } = renderDialog(async () => ({ data: null, error: refusal }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The refund is more than what is left of the payment.')).toBeInTheDocument();
    expect(within(dialog).getByText('The payment was not refunded')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
