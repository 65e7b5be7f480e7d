import { Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { formatMoney } from '../../../components/formats';
import { useCommand } from '../../../components/use-command';
import { createCreditNote, createCreditNoteChanges } from '../../../data/billing/create-credit-note';
import type { InvoiceSummary } from '../../../data/billing/types';
import type { AccordClient } from '../../../data/client';
import { parseMoneyInput } from './money-input';

export type CreditTarget = Pick<InvoiceSummary, 'id' | 'number' | 'currency' | 'totalMinor' | 'creditedMinor'>;

/** Issues a credit note for an invoice, full (what it still holds) or partial, with the reason printed on it. */
export function CreditNoteDialog({ client, invoice, onClose }: { client: AccordClient; invoice: CreditTarget | null; onClose: () => void }) {
  const [scope, setScope] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const command = useCommand({
    run: (credit: { invoiceId: string; amountMinor: number | null; reason: string }) => createCreditNote(client, credit),
    refresh: createCreditNoteChanges,
    success: () => ({ title: 'Credit note issued', description: `It is numbered and sent to the organisation’s admins; ${invoice?.number ?? 'the invoice'} shows it.` }),
  });
  const close = () => {
    command.reset();
    setScope('full');
    setAmount('');
    setReason('');
    setProblems({});
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
        const minor = scope === 'partial' ? parseMoneyInput(amount) : null;
        const trimmed = reason.trim();
        const found = {
          ...(scope === 'partial' && (minor === null || minor <= 0) ? { amount: 'Enter the amount to credit, VAT included, such as 100.00.' } : {}),
          ...(trimmed === '' ? { reason: 'Say why: the reason is printed on the credit note.' } : {}),
          ...([...trimmed].length > 500 ? { reason: 'Keep the reason to 500 characters.' } : {}),
        };
        setProblems(found);
        if (Object.keys(found).length > 0 || !invoice) return;
        void command.run({ invoiceId: invoice.id, amountMinor: minor, reason: trimmed }).then((result) => (result.ok ? close() : undefined));
      }}
    >
      <Stack gap="4">
        <SelectField
          label="What to credit"
          name="scope"
          required
          value={scope}
          onChange={(value) => setScope(value === 'partial' ? 'partial' : 'full')}
          placeholder="Choose"
          options={[
            { value: 'full', label: 'Everything the invoice still holds' },
            { value: 'partial', label: 'Part of it' },
          ]}
        />
        {scope === 'partial' ? (
          <TextField label={`Amount to credit, VAT included (${invoice?.currency ?? ''})`} name="creditAmount" required value={amount} onChange={setAmount} error={problems.amount} />
        ) : null}
        <TextAreaField label="Reason" name="creditReason" required value={reason} onChange={setReason} maxChars={500} error={problems.reason} rows={3} />
      </Stack>
    </FormDialog>
  );
}
