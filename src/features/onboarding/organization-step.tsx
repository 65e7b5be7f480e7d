import { SimpleGrid, Stack } from '@chakra-ui/react';

import { SIZES } from '../../../machines/onboarding-form';
import { SECTORS } from '../../../machines/sectors';
import { countries } from '../../components/countries';
import { SelectField, TextField } from '../../components/form-fields';
import type { OnboardingFlow } from './use-onboarding';

const toOptions = (pairs: readonly (readonly [string, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/** Step 2: the organisation as its company register knows it. */
export function OrganizationStep({ flow }: { flow: OnboardingFlow }) {
  const { values, errors, change } = flow;
  return (
    <Stack gap="5">
      <TextField
        label="Legal name"
        name="legalName"
        required
        autoComplete="organization"
        value={values.legalName}
        error={errors.legalName}
        hint="Exactly as it appears on your certificate of registration."
        onChange={(legalName) => change({ legalName })}
      />
      <TextField
        label="Trading name"
        name="tradingName"
        value={values.tradingName}
        error={errors.tradingName}
        hint="The name people know you by, if it differs from the legal name. The trust registry shows it."
        onChange={(tradingName) => change({ tradingName })}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField
          label="Registration number"
          name="registrationNumber"
          required
          value={values.registrationNumber}
          error={errors.registrationNumber}
          hint="From the national company register, e.g. Companies House or KvK."
          onChange={(registrationNumber) => change({ registrationNumber })}
        />
        <SelectField
          label="Country of registration"
          name="country"
          required
          placeholder="Choose a country"
          value={values.country}
          error={errors.country}
          options={countries().map(({ code, name }) => ({ value: code, label: name }))}
          onChange={(country) => change({ country })}
        />
      </SimpleGrid>
      <TextField
        label="Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.example.org"
        value={values.website}
        error={errors.website}
        onChange={(website) => change({ website })}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectField
          label="Sector"
          name="sector"
          required
          placeholder="Choose a sector"
          value={values.sector}
          error={errors.sector}
          options={toOptions(SECTORS)}
          onChange={(sector) => change({ sector: sector as typeof values.sector })}
        />
        <SelectField
          label="Size"
          name="size"
          required
          placeholder="Choose a size"
          value={values.size}
          error={errors.size}
          options={toOptions(SIZES)}
          onChange={(size) => change({ size: size as typeof values.size })}
        />
      </SimpleGrid>
    </Stack>
  );
}
