import { FormDialog } from '../../../components/dialogs';
import { formatMoney } from '../../../components/formats';
import { useCommand } from '../../../components/use-command';
import { createCreditNote, createCreditNoteChanges } from '../../../data/billing/create-credit-note';
import type { InvoiceSummary } from '../../../data/billing/types';
import type { AccordClient } from '../../../data/client';
import { AmountAndReasonFields, useAmountAndReason } from './amount-and-reason';

export type CreditTarget = Pick<InvoiceSummary, 'id' | 'number' | 'currency' | 'totalMinor' | 'creditedMinor'>;

/** Issues a credit note for an invoice, full (what it still holds) or partial, with the reason printed on it. */
export function CreditNoteDialog({ client, invoice, onClose }: { client: AccordClient; invoice: CreditTarget | null; onClose: () => void }) {
  const form = useAmountAndReason();
  const command = useCommand({
    run: (credit: { invoiceId: string; amountMinor: number | null; reason: string }) => createCreditNote(client, credit),
    refresh: createCreditNoteChanges,
    success: () => ({ title: 'Credit note issued', description: `It is numbered and sent to the organisation’s admins; ${invoice?.number ?? 'the invoice'} shows it.` }),
  });
  const close = () => {
    command.reset();
    form.reset();
    onClose();
  };
  const left = invoice ? invoice.totalMinor - invoice.creditedMinor : 0;
  return (
    <FormDialog
      open={invoice !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`Issue a credit note for ${invoice?.number ?? ''}`}
      description={invoice ? `The invoice can still be credited up to ${formatMoney(left, invoice.currency)} (VAT included). The credit note is issued at once and cannot be changed.` : undefined}
      submitLabel="Issue credit note"
      busyLabel="Issuing…"
      busy={command.busy}
      failure={command.error}
      failureTitle="The credit note was not issued"
      onSubmit={() => {
        const checked = form.check('Enter the amount to credit, VAT included, such as 100.00.');
        if (!checked || !invoice) return;
        void command.run({ invoiceId: invoice.id, amountMinor: checked.minor, reason: checked.reason }).then((result) => (result.ok ? close() : undefined));
      }}
    >
      <AmountAndReasonFields
        form={form}
        names={{ scope: 'scope', amount: 'creditAmount', reason: 'creditReason' }}
        scopeLabel="What to credit"
        fullLabel="Everything the invoice still holds"
        amountLabel={`Amount to credit, VAT included (${invoice?.currency ?? ''})`}
      />
    </FormDialog>
  );
}
