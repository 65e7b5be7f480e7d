import { Field } from '@chakra-ui/react';
import { useId, type RefObject } from 'react';

import { NativeSelect } from '../../../components/form-controls';
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
  return (
    <Field.Root ids={{ control: id }}>
      <Field.Label>Access level</Field.Label>
      <NativeSelect ref={selectRef} id={id} name="level" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as InvestorLevel)}>
        {(Object.keys(LEVEL_LABELS) as InvestorLevel[]).map((level) => (
          <option key={level} value={level}>
            {LEVEL_LABELS[level]}
          </option>
        ))}
      </NativeSelect>
      <Field.HelperText>{LEVEL_HELP[value]}</Field.HelperText>
    </Field.Root>
  );
}
