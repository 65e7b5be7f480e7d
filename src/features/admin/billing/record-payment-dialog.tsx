import { Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { SelectField, TextField } from '../../../components/form-fields';
import { formatCalendarDay, formatMoney } from '../../../components/formats';
import { useCommand } from '../../../components/use-command';
import { PAYMENT_METHOD_LABEL } from '../../../components/billing-labels';
import { recordPayment, recordPaymentChanges, type PaymentMethod } from '../../../data/billing/record-payment';
import type { InvoiceSummary } from '../../../data/billing/types';
import type { AccordClient } from '../../../data/client';
import { moneyInputText, parseMoneyInput } from './money-input';

const METHODS = (Object.keys(PAYMENT_METHOD_LABEL) as PaymentMethod[]).map((value) => ({ value, label: PAYMENT_METHOD_LABEL[value] }));

export interface PaymentTarget {
  organizationId: string;
  organizationName: string;
  /** The invoice the payment is for; null lets the database settle the oldest open invoices first. */
  invoice: Pick<InvoiceSummary, 'id' | 'number' | 'currency' | 'balanceMinor'> | null;
  currency: string;
}

const localToday = () => new Date().toISOString().slice(0, 10);

/**
 * Records money received: amount, date, method and reference. The form is
 * prefilled with what the invoice still owes; one idempotency key per opened
 * form, so a retried or doubled submit records the payment once.
 */
export function RecordPaymentDialog({ client, target, onClose }: { client: AccordClient; target: PaymentTarget | null; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(localToday);
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; receivedOn?: string }>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [opened, setOpened] = useState<PaymentTarget | null>(null);
  if (target !== opened) {
    // A new target: a fresh form with its own idempotency key.
    setOpened(target);
    setAmount(target?.invoice && target.invoice.balanceMinor > 0 ? moneyInputText(target.invoice.balanceMinor) : '');
    setReceivedOn(localToday());
    setMethod('bank_transfer');
    setReference(target?.invoice?.number ?? '');
    setProblems({});
    setKey(crypto.randomUUID());
  }
  const command = useCommand({
    run: (payment: Parameters<typeof recordPayment>[1]) => recordPayment(client, payment),
    refresh: recordPaymentChanges,
    success: (_, payment) => ({
      title: 'Payment recorded',
      description: `${formatMoney(payment.amountMinor, payment.currency)} from ${target?.organizationName ?? 'the organisation'}, received ${formatCalendarDay(payment.receivedOn)}.`,
    }),
  });
  const close = () => {
    command.reset();
    onClose();
  };
  const currency = target?.invoice?.currency ?? target?.currency ?? 'EUR';
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={target?.invoice?.number ? `Record a payment for ${target.invoice.number}` : `Record a payment from ${target?.organizationName ?? ''}`}
      description={
        target?.invoice
          ? `${target.organizationName} still owes ${formatMoney(target.invoice.balanceMinor, target.invoice.currency)} on this invoice.`
          : 'The payment settles the oldest open invoices first; anything left stays on the account.'
      }
      submitLabel="Record payment"
      busyLabel="Recording…"
      busy={command.busy}
      failure={command.error}
      failureTitle="The payment was not recorded"
      onSubmit={() => {
        const minor = parseMoneyInput(amount);
        const found = {
          ...(minor === null || minor <= 0 ? { amount: `Enter the amount received in ${currency}, such as 1452.00.` } : {}),
          ...(/^\d{4}-\d{2}-\d{2}$/.test(receivedOn) ? {} : { receivedOn: 'Choose the day the money arrived.' }),
        };
        setProblems(found);
        if (Object.keys(found).length > 0 || !target || minor === null) return;
        const invoice = target.invoice;
        void command
          .run({
            organizationId: target.organizationId,
            amountMinor: minor,
            currency,
            receivedOn,
            method,
            reference,
            allocations: invoice ? [{ invoiceId: invoice.id, amountMinor: Math.min(minor, Math.max(invoice.balanceMinor, 0)) }].filter((a) => a.amountMinor > 0) : null,
            idempotencyKey: key,
          })
          .then((result) => (result.ok ? close() : undefined));
      }}
    >
      <Stack gap="4">
        <TextField label={`Amount (${currency})`} name="amount" required value={amount} onChange={setAmount} inputMode="text" error={problems.amount} />
        <TextField label="Received on (YYYY-MM-DD)" name="receivedOn" required value={receivedOn} onChange={setReceivedOn} error={problems.receivedOn} />
        <SelectField label="Method" name="method" required value={method} onChange={(value) => setMethod(value as PaymentMethod)} options={METHODS} placeholder="Choose how the money came" />
        <TextField label="Reference" name="reference" value={reference} onChange={setReference} hint="The bank’s reference or the payer’s remittance text." />
      </Stack>
    </FormDialog>
  );
}
