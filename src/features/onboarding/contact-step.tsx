import { SimpleGrid, Stack } from '@chakra-ui/react';

import { USE_CASES } from '../../../machines/onboarding-form';
import { CheckboxChoices, TextField } from '../../components/form-fields';
import type { OnboardingFlow } from './use-onboarding';

/** Step 3: who we talk to, and what the organisation will verify. */
export function ContactStep({ flow }: { flow: OnboardingFlow }) {
  const { values, errors, change } = flow;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField
          label="Contact person"
          name="contactName"
          required
          autoComplete="name"
          value={values.contactName}
          error={errors.contactName}
          hint="Who reviewers contact about this application."
          onChange={(contactName) => change({ contactName })}
        />
        <TextField
          label="Phone"
          name="contactPhone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          placeholder="+44 20 7946 0000"
          value={values.contactPhone}
          error={errors.contactPhone}
          hint="Include the country code."
          onChange={(contactPhone) => change({ contactPhone })}
        />
      </SimpleGrid>
      <CheckboxChoices
        label="Use cases"
        name="useCases"
        hint="What will you verify identities and documents for? Choose all that apply."
        options={USE_CASES.map(([value, label]) => ({ value, label }))}
        value={values.useCases}
        error={errors.useCases}
        onChange={(useCases) => change({ useCases })}
      />
      <TextField
        label="Expected verifications per month"
        name="expectedMonthlyVerifications"
        inputMode="numeric"
        required
        placeholder="e.g. 500"
        value={values.expectedMonthlyVerifications}
        error={errors.expectedMonthlyVerifications}
        hint="A rough estimate is fine; it helps us plan your onboarding."
        onChange={(expectedMonthlyVerifications) => change({ expectedMonthlyVerifications })}
      />
    </Stack>
  );
}
