import { FormDialog } from '../../../components/dialogs';
import { formatMoney } from '../../../components/formats';
import { useCommand } from '../../../components/use-command';
import { refundCardPayment, refundCardPaymentChanges } from '../../../data/billing/card-payments';
import type { AccordClient } from '../../../data/client';
import { AmountAndReasonFields, useAmountAndReason } from './amount-and-reason';

/** A card payment of an invoice, with what can still be refunded of it. */
export interface RefundTarget {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string;
  currency: string;
  refundableMinor: number;
}

/**
 * Refunds a card payment at the payment provider, all of what is left of it or
 * part, with a reason; a credit note for the same amount is issued and the
 * organisation's admins see it (refund-card-payment, decision 078).
 */
export function RefundCardDialog({ client, target, onClose }: { client: AccordClient; target: RefundTarget | null; onClose: () => void }) {
  const form = useAmountAndReason();
  const command = useCommand({
    run: (refund: { paymentId: string; invoiceId: string; amountMinor: number; reason: string }) => refundCardPayment(client, refund),
    refresh: refundCardPaymentChanges,
    success: (_, refund) => ({
      title: 'Card payment refunded',
      description: `${target ? formatMoney(refund.amountMinor, target.currency) : 'The amount'} goes back to the card; a credit note for ${target?.invoiceNumber ?? 'the invoice'} is issued and sent to the organisation’s admins.`,
    }),
  });
  const close = () => {
    command.reset();
    form.reset();
    onClose();
  };
  const most = target?.refundableMinor ?? 0;
  const most$ = target ? formatMoney(most, target.currency) : '';
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`Refund the card payment of ${target?.invoiceNumber ?? ''}`}
      description={target ? `Up to ${most$} can be refunded to the card. A credit note for the refunded amount is issued at once; neither can be undone.` : undefined}
      submitLabel="Refund"
      busyLabel="Refunding…"
      busy={command.busy}
      failure={command.error}
      failureTitle="The payment was not refunded"
      onSubmit={() => {
        const checked = form.check('Enter the amount to refund, such as 100.00.', (minor) => (minor > most ? `At most ${most$} can be refunded.` : undefined));
        if (!checked || !target) return;
        void command
          .run({ paymentId: target.paymentId, invoiceId: target.invoiceId, amountMinor: checked.minor ?? most, reason: checked.reason })
          .then((result) => (result.ok ? close() : undefined));
      }}
    >
      <AmountAndReasonFields
        form={form}
        names={{ scope: 'refundScope', amount: 'refundAmount', reason: 'refundReason' }}
        scopeLabel="What to refund"
        fullLabel={target ? `All that is left: ${most$}` : 'All that is left'}
        amountLabel={`Amount to refund (${target?.currency ?? ''})`}
      />
    </FormDialog>
  );
}
