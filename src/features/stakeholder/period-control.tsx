import { Box, chakra, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

import { FilterSelect } from '../../components/filter-controls';
import { choosePeriod, PERIOD_OPTIONS, type PeriodAddress, type PeriodPreset } from '../../components/figures/analytics-period';

export interface PeriodControlProps {
  address: PeriodAddress;
  /** Why the custom dates cannot be shown, or null. */
  error: string | null;
  today: string;
  onChange: (address: PeriodAddress, options?: { replace?: boolean }) => void;
}

/**
 * The period of the figures: a named period, or custom dates between the
 * first and the last day. Kept in the address, so a period can be shared and
 * Back returns to the previous one; a custom period that cannot be shown says
 * why under the dates.
 */
export function PeriodControl({ address, error, today, onChange }: PeriodControlProps) {
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const custom = address.period === 'custom';
  const dateField = (id: string, label: string, value: string, change: (value: string) => PeriodAddress, limits: { min?: string; max?: string }) => (
    <Stack gap="1.5" flex={{ base: '1 1 40%', md: '0 1 11rem' }}>
      <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
        {label}
      </chakra.label>
      <Input
        id={id}
        type="date"
        value={value}
        {...limits}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(change(event.target.value), { replace: true })}
      />
    </Stack>
  );

  return (
    <Stack as="form" role="search" aria-label="Period of the figures" gap="2" onSubmit={(event) => event.preventDefault()}>
      <Flex gap="3" wrap="wrap" align="end">
        <Box flex={{ base: '1 1 100%', md: '0 1 14rem' }}>
          <FilterSelect label="Period" name="period" value={address.period} onChange={(period) => onChange(choosePeriod(address, period as PeriodPreset, today))}>
            {PERIOD_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FilterSelect>
        </Box>
        {custom ? (
          <>
            {dateField(fromId, 'First day', address.from, (from) => ({ ...address, from }), { max: address.to || today })}
            {dateField(toId, 'Last day', address.to, (to) => ({ ...address, to }), { min: address.from || undefined, max: today })}
          </>
        ) : null}
      </Flex>
      {error ? (
        <Text id={errorId} role="alert" color="fg.error" textStyle="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
