import { Alert, Box, Button, chakra, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { FIELD_STEP, SIZES, STEP_TITLES, USE_CASES, type FieldName } from '../../../machines/onboarding-form';
import { SECTORS } from '../../../machines/sectors';
import { CheckboxInput } from '../../components/form-controls';
import { countryName } from '../../components/countries';
import { formatBytes } from './documents-step';
import type { OnboardingFlow } from './use-onboarding';

const labelOf = (pairs: readonly (readonly [string, string])[], value: string) => pairs.find(([v]) => v === value)?.[1] ?? value;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex as="div" direction={{ base: 'column', sm: 'row' }} gap={{ base: '0.5', sm: '4' }} py="2" borderBottomWidth="1px" borderColor="border.muted">
      <Box as="dt" color="fg.muted" textStyle="sm" minW={{ sm: '48' }}>
        {label}
      </Box>
      <Box as="dd" m="0" fontWeight="medium" wordBreak="break-word">
        {children || <Text as="span" color="fg.muted" fontWeight="normal">Not given</Text>}
      </Box>
    </Flex>
  );
}

function Section({ title, step, onEdit, children }: { title: string; step: 2 | 3 | 4; onEdit: (step: 2 | 3 | 4) => void; children: ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id}>
      <Flex justify="space-between" align="center" mb="1" gap="3">
        <Heading as="h3" size="md" id={id}>
          {title}
        </Heading>
        <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => onEdit(step)} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Button>
      </Flex>
      <Box as="dl" m="0">
        {children}
      </Box>
    </Box>
  );
}

/** Step 5: everything at a glance, an edit link per section, consent, Submit. */
export function ReviewStep({ flow }: { flow: OnboardingFlow }) {
  const { values, errors } = flow;
  const consentId = useId();
  const consentErrorId = `${consentId}-error`;
  // Problems the server found in other steps, each with the way back to it.
  const elsewhere = (Object.entries(errors) as [FieldName, string][]).filter(([field]) => FIELD_STEP[field] !== 5);

  return (
    <Stack gap="6">
      {flow.failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your application was not submitted</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                <Text>{flow.failure.message} Nothing you entered is lost.</Text>
                {elsewhere.length > 0 ? (
                  <Box as="ul" ps="4" listStyleType="disc">
                    {elsewhere.map(([field, message]) => (
                      <Box as="li" key={field} mb="1">
                        {message}{' '}
                        <Button
                          size="xs"
                          variant="outline"
                          ms="1"
                          onClick={() => flow.editSection(FIELD_STEP[field] as 2 | 3 | 4)}
                        >
                          Go to {STEP_TITLES[FIELD_STEP[field]].toLowerCase()}
                        </Button>
                      </Box>
                    ))}
                  </Box>
                ) : null}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Section title="Organisation" step={2} onEdit={flow.editSection}>
        <Row label="Legal name">{values.legalName}</Row>
        {values.tradingName.trim() ? <Row label="Trading name">{values.tradingName}</Row> : null}
        <Row label="Registration number">{values.registrationNumber}</Row>
        <Row label="Country">{values.country ? countryName(values.country) : ''}</Row>
        <Row label="Website">{values.website}</Row>
        <Row label="Sector">{values.sector ? labelOf(SECTORS, values.sector) : ''}</Row>
        <Row label="Size">{values.size ? labelOf(SIZES, values.size) : ''}</Row>
      </Section>
      <Section title="Contact and use" step={3} onEdit={flow.editSection}>
        <Row label="Contact person">{values.contactName}</Row>
        <Row label="Phone">{values.contactPhone}</Row>
        <Row label="Use cases">{values.useCases.map((u) => labelOf(USE_CASES, u)).join(', ')}</Row>
        <Row label="Verifications per month">{values.expectedMonthlyVerifications}</Row>
      </Section>
      <Section title="Documents" step={4} onEdit={flow.editSection}>
        <Row label="Proof of registration">{values.proof ? `${values.proof.name} (${formatBytes(values.proof.size)})` : ''}</Row>
        <Row label="Logo">{values.logo ? `${values.logo.name} (${formatBytes(values.logo.size)})` : ''}</Row>
      </Section>

      <Stack gap="1.5">
        <chakra.label htmlFor={consentId} display="flex" gap="3" alignItems="flex-start" cursor="pointer">
          <CheckboxInput
            type="checkbox"
            id={consentId}
            name="consent"
            checked={values.consent}
            onChange={(event) => flow.setConsent(event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? consentErrorId : undefined}
          />
          <Text>
            I confirm that the information in this application is accurate and that I may apply on the organisation's behalf, and
            I accept the{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/terms" target="_blank">
                Terms of Service
              </RouterLink>
            </Link>{' '}
            and the{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/privacy" target="_blank">
                Privacy Policy
              </RouterLink>
            </Link>
            .
          </Text>
        </chakra.label>
        {errors.consent ? (
          <Text id={consentErrorId} textStyle="sm" color="fg.error" ps="8">
            {errors.consent}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
