import { Box, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

import { formatCount } from './formats';
import { CheckboxInput, SelectInput, TextareaInput } from './form-controls';

/**
 * The app's form fields (onboarding, the investor access request, Contact Us):
 * every one labelled, its hint and its error tied to it with aria-describedby,
 * and aria-invalid set while it has an error, so a screen reader announces the
 * problem where it is. None limits what can be typed (no maxLength): text that
 * is too long is kept and told about, never cut off.
 */

function describedBy(...ids: unknown[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '').join(' ');
  return list === '' ? undefined : list;
}

interface BaseProps {
  label: string;
  /** The form field's name: also how the step finds the first invalid field to focus. */
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

export function TextField({
  label,
  name,
  error,
  hint,
  required = false,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'url' | 'email';
  placeholder?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ helperText: hintId, errorText: errorId }}>
      <Field.Label>
        {label}
        {required ? (
          <Field.RequiredIndicator />
        ) : (
          // The space outside the span, so the accessible name reads "Organisation (optional)".
          <>
            {' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          </>
        )}
      </Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        size="lg"
      />
      {hint ? <Field.HelperText id={hintId}>{hint}</Field.HelperText> : null}
      {error ? <Field.ErrorText id={errorId}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  required = false,
  value,
  onChange,
  options,
  placeholder,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}) {
  const id = useId();
  const controlId = `${id}-control`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    // A native <select> is not a Chakra Field control, so label, hint and error are wired by hand.
    <Stack gap="1.5">
      <chakra.label htmlFor={controlId} fontWeight="medium" textStyle="sm">
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden="true">
            {' '}
            *
          </Text>
        ) : null}
      </chakra.label>
      <SelectInput
        id={controlId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        required={required}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
      {hint ? (
        <Text id={hintId} textStyle="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Several lines of text, with its limit in the hint and a count once the text nears it. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  required = false,
  value,
  onChange,
  maxChars,
  rows = 5,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  /** Shown, not enforced: the form's check says when the text is too long. */
  maxChars: number;
  rows?: number;
}) {
  const id = useId();
  const controlId = `${id}-control`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // Code points, as the server counts them.
  const used = [...value.trim()].length;
  const nearLimit = used > maxChars * 0.8;
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={controlId} fontWeight="medium" textStyle="sm">
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden="true">
            {' '}
            *
          </Text>
        ) : (
          <>
            {' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          </>
        )}
      </chakra.label>
      <TextareaInput
        id={controlId}
        name={name}
        rows={rows}
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
      />
      <Stack direction="row" justify="space-between" gap="3" textStyle="xs" color="fg.muted">
        <Text id={hintId}>
          {hint ? <>{hint} </> : null}Up to {formatCount(maxChars)} characters.
        </Text>
        {nearLimit ? (
          // Not announced on every keystroke; the limit is in the hint and the check says when it is passed.
          <Text flexShrink={0} color={used > maxChars ? 'fg.error' : 'fg.muted'} aria-hidden="true">
            {formatCount(used)} / {formatCount(maxChars)}
          </Text>
        ) : null}
      </Stack>
      {error ? (
        <Text id={errorId} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A group of checkboxes in a fieldset: the legend names the question, each box its answer. */
export function CheckboxChoices<T extends string>({
  label,
  name,
  error,
  hint,
  options,
  value,
  onChange,
}: BaseProps & {
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const toggle = (option: T, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <Box
      as="fieldset"
      aria-describedby={describedBy(hint && hintId, error && errorId)}
      aria-invalid={error ? true : undefined}
      borderWidth="0"
      p="0"
      m="0"
    >
      <Box as="legend" fontWeight="medium" textStyle="sm" mb="1.5">
        {label}
        <Text as="span" color="fg.error" aria-hidden="true">
          {' '}
          *
        </Text>
      </Box>
      {hint ? (
        <Text id={hintId} textStyle="xs" color="fg.muted" mb="2">
          {hint}
        </Text>
      ) : null}
      <Stack gap="2" direction={{ base: 'column', sm: 'row' }} wrap="wrap">
        {options.map((option, index) => {
          const boxId = `${id}-${option.value}`;
          return (
            <chakra.label
              key={option.value}
              htmlFor={boxId}
              display="flex"
              gap="2.5"
              alignItems="flex-start"
              borderWidth="1px"
              borderColor={value.includes(option.value) ? 'brand.solid' : 'border'}
              bg={value.includes(option.value) ? 'brand.subtle' : 'bg'}
              borderRadius="l2"
              px="3"
              py="2.5"
              cursor="pointer"
              minW={{ sm: '44%' }}
              flex="1"
            >
              <CheckboxInput
                type="checkbox"
                id={boxId}
                // The first box carries the group's name, so "focus the first invalid field" finds the group.
                name={index === 0 ? name : `${name}-${option.value}`}
                aria-invalid={error ? true : undefined}
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <Text as="span">{option.label}</Text>
            </chakra.label>
          );
        })}
      </Stack>
      {error ? (
        <Text id={errorId} textStyle="sm" color="fg.error" mt="1.5">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
