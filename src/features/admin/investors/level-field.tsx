import { chakra, Stack, Text } from '@chakra-ui/react';
import { useId, type RefObject } from 'react';

import { SelectInput } from '../../../components/form-controls';
import type { InvestorLevel } from '../../../data/investor-access/list-investors';
import { LEVEL_HELP, LEVEL_LABELS } from './access-status';

/** The access level, as a native select with what the chosen level opens. */
export function LevelField({
  value,
  onChange,
  disabled,
  selectRef,
}: {
  value: InvestorLevel;
  onChange: (level: InvestorLevel) => void;
  disabled: boolean;
  selectRef?: RefObject<HTMLSelectElement | null>;
}) {
  const id = useId();
  const helpId = useId();
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
        Access level
      </chakra.label>
      <SelectInput
        ref={selectRef}
        id={id}
        name="level"
        value={value}
        disabled={disabled}
        aria-describedby={helpId}
        onChange={(e) => onChange(e.target.value as InvestorLevel)}
      >
        {(Object.keys(LEVEL_LABELS) as InvestorLevel[]).map((level) => (
          <option key={level} value={level}>
            {LEVEL_LABELS[level]}
          </option>
        ))}
      </SelectInput>
      <Text id={helpId} color="fg.muted" textStyle="sm">
        {LEVEL_HELP[value]}
      </Text>
    </Stack>
  );
}
