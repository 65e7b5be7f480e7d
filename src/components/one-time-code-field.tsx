import { Field, Input } from '@chakra-ui/react';
import { useId, type RefObject } from 'react';

export const CODE_LABEL = '6-digit code';

export interface OneTimeCodeFieldProps {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
}

/**
 * The one field for a code from an authenticator app: numeric keyboard on
 * phones, the browser's one-time-code autofill, its hint and error tied to it.
 */
export function OneTimeCodeField({ label = CODE_LABEL, value, onChange, error, hint, inputRef, autoFocus }: OneTimeCodeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root invalid={error !== null} ids={{ control: `${id}-code`, helperText: hintId, errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <Input
        ref={inputRef}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        size="lg"
        letterSpacing="0.3em"
        fontFamily="mono"
        maxW="xs"
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
      />
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
