import { Box, Button, chakra, Field, Flex, Input, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

import { SelectInput } from './form-controls';

export interface SearchFieldProps {
  label: string;
  /** Whether the label is for screen readers only (when the placeholder and its place make it plain). */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Layout of the field's box, e.g. a minimum width beside a heading. */
  minW?: Record<string, string> | string;
}

/** A labelled search box that filters as you type (a `searchbox` named by its label). */
export function SearchField({ label, hideLabel, value, onChange, placeholder, minW }: SearchFieldProps) {
  const id = useId();
  const input = (control?: string) => (
    <Input id={control} type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
  );
  if (hideLabel) {
    return (
      <Box minW={minW}>
        <VisuallyHidden asChild>
          <label htmlFor={id}>{label}</label>
        </VisuallyHidden>
        {input(id)}
      </Box>
    );
  }
  // Inside a Field the input takes its id from the field, which labels it.
  return (
    <Field.Root ids={{ control: id }} minW={minW} width={{ base: 'full', md: 'auto' }}>
      <Field.Label>{label}</Field.Label>
      {input()}
    </Field.Root>
  );
}

export interface FilterSelectProps {
  label: string;
  /** The address's parameter for it, which a shared link's prerendered page shows before the app runs. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s, the first one meaning "any". */
  children: ReactNode;
}

/** A labelled native select: what keyboards, screen readers and phones handle best. */
export function FilterSelect({ label, name, value, onChange, children }: FilterSelectProps) {
  const id = useId();
  // A native <select> is not a Chakra Field control, so the label is wired by hand.
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
        {label}
      </chakra.label>
      <SelectInput id={id} name={name} value={value} bg="bg" onChange={(event) => onChange(event.target.value)}>
        {children}
      </SelectInput>
    </Stack>
  );
}

export interface FilterChipsProps<Value extends string> {
  /** The group's name ("Filter by status"). */
  label: string;
  options: { value: Value; label: string; count?: number }[];
  value: Value;
  onChange: (value: Value) => void;
}

/** One-of-several quick filters as toggle buttons (aria-pressed), each with its count when known. */
export function FilterChips<Value extends string>({ label, options, value, onChange }: FilterChipsProps<Value>) {
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          size="xs"
          variant={value === option.value ? 'solid' : 'outline'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.count === undefined ? option.label : `${option.label} (${option.count})`}
        </Button>
      ))}
    </Flex>
  );
}
