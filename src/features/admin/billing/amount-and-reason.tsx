import { Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { parseMoneyInput } from './money-input';

export type AmountScope = 'full' | 'partial';

/**
 * The fields a credit note and a card refund share: all of what is left or
 * part of it (typed in the invoice's currency), and the reason printed on
 * the credit note. `check` says what is wrong before anything is asked.
 */
export function useAmountAndReason() {
  const [scope, setScope] = useState<AmountScope>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  return {
    scope,
    setScope,
    amount,
    setAmount,
    reason,
    setReason,
    problems,
    reset: () => {
      setScope('full');
      setAmount('');
      setReason('');
      setProblems({});
    },
    /** The typed amount in minor units (null for all of it, or when it is not an amount) and the trimmed reason, or null with the problems shown. */
    check(amountProblem: string, extra: (minor: number) => string | undefined = () => undefined): { minor: number | null; reason: string } | null {
      const minor = scope === 'partial' ? parseMoneyInput(amount) : null;
      const trimmed = reason.trim();
      const tooMuch = scope === 'partial' && minor !== null && minor > 0 ? extra(minor) : undefined;
      const found = {
        ...(scope === 'partial' && (minor === null || minor <= 0) ? { amount: amountProblem } : {}),
        ...(tooMuch ? { amount: tooMuch } : {}),
        ...(trimmed === '' ? { reason: 'Say why: the reason is printed on the credit note.' } : {}),
        ...([...trimmed].length > 500 ? { reason: 'Keep the reason to 500 characters.' } : {}),
      };
      setProblems(found);
      return Object.keys(found).length > 0 ? null : { minor, reason: trimmed };
    },
  };
}

export function AmountAndReasonFields({
  form,
  names,
  scopeLabel,
  fullLabel,
  amountLabel,
}: {
  form: ReturnType<typeof useAmountAndReason>;
  names: { scope: string; amount: string; reason: string };
  scopeLabel: string;
  fullLabel: string;
  amountLabel: string;
}) {
  return (
    <Stack gap="4">
      <SelectField
        label={scopeLabel}
        name={names.scope}
        required
        value={form.scope}
        onChange={(value) => form.setScope(value === 'partial' ? 'partial' : 'full')}
        placeholder="Choose"
        options={[
          { value: 'full', label: fullLabel },
          { value: 'partial', label: 'Part of it' },
        ]}
      />
      {form.scope === 'partial' ? (
        <TextField label={amountLabel} name={names.amount} required value={form.amount} onChange={form.setAmount} error={form.problems.amount} />
      ) : null}
      <TextAreaField label="Reason" name={names.reason} required value={form.reason} onChange={form.setReason} maxChars={500} error={form.problems.reason} rows={3} />
    </Stack>
  );
}
