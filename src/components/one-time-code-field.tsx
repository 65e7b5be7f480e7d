import { Field, Input } from '@chakra-ui/react';
import { useCallback, useId, useRef, useState, type RefObject } from 'react';

import { CODE_SHAPE_MESSAGE, sixDigitCode } from '../../machines/one-time-code';

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

/**
 * What a form with one code field keeps: what was typed, its shape error, and
 * the field, so a bad shape or a refused code brings the focus back to it.
 * `take()` gives the six digits, or shows the shape error and gives null.
 */
export function useOneTimeCode() {
  const [code, setCode] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const take = (): string | null => {
    const digits = sixDigitCode(code);
    // The same message twice still has to bring the focus back.
    if (digits === null) {
      setShapeError(CODE_SHAPE_MESSAGE);
      input.current?.focus();
      return null;
    }
    setShapeError(null);
    return digits;
  };
  const change = (value: string) => {
    setCode(value);
    if (shapeError) setShapeError(null);
  };
  const clear = useCallback(() => {
    setCode('');
    setShapeError(null);
  }, []);
  return { code, change, clear, shapeError, input, take };
}
