import { Field, Input } from '@chakra-ui/react';
import { useId, type RefObject } from 'react';

/** Tomorrow as YYYY-MM-DD in the administrator's own calendar: the earliest expiry the field offers. */
export function tomorrow(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
}

/**
 * A chosen day as the moment access ends: the end of that day in the
 * administrator's time zone, so "until 31 March" includes 31 March. Null for
 * no day; `invalid` when the day is not after today.
 */
export function expiryFromDay(day: string, now: Date = new Date()): { expiresAt: string | null } | { problem: string } {
  if (day.trim() === '') return { expiresAt: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return { problem: 'Enter a date, or leave it empty for no expiry.' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime())) return { problem: 'Enter a date, or leave it empty for no expiry.' };
  if (day < tomorrow(now)) return { problem: 'Choose a date after today, or leave it empty for no expiry.' };
  return { expiresAt: end.toISOString() };
}

/** The ISO moment as the YYYY-MM-DD the date field shows (local calendar). */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface ExpiryFieldProps {
  value: string;
  onChange: (day: string) => void;
  error: string | null;
  disabled: boolean;
  label?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** "Access ends on" (optional): a native date field, empty for no expiry. */
export function ExpiryField({ value, onChange, error, disabled, label = 'Access ends on (optional)', inputRef }: ExpiryFieldProps) {
  const id = useId();
  return (
    <Field.Root invalid={error !== null} ids={{ control: id }}>
      <Field.Label>{label}</Field.Label>
      <Input ref={inputRef} type="date" name="expires" min={tomorrow()} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Access ends at the end of this day. Leave it empty for no expiry.</Field.HelperText>}
    </Field.Root>
  );
}
