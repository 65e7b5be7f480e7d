import { Alert, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { countries } from './countries';
import { SelectField, TextField } from './form-fields';
import { formatDayAndTime } from './formats';
import { useCommand } from './use-command';
import type { AccordClient } from '../data/client';
import type { Tables } from '../data/database.types';
import { saveBillingProfile, saveBillingProfileChanges, type BillingProfileDraft } from '../data/billing/save-billing-profile';

function draftOf(profile: Tables<'billing_profiles'> | null): BillingProfileDraft {
  return {
    billingName: profile?.billing_name ?? '',
    addressLine1: profile?.address_line1 ?? '',
    addressLine2: profile?.address_line2 ?? '',
    postalCode: profile?.postal_code ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? '',
    vatId: profile?.vat_id ?? '',
    billingEmail: profile?.billing_email ?? '',
    poReference: profile?.po_reference ?? '',
  };
}

/**
 * Who the organisation's invoices are addressed to, for its admins (and the
 * back office), saved through the billing-profile function, which checks the
 * VAT number's format first. A refusal is shown above the button and beside
 * the VAT number when it is about it; what was typed stays.
 */
export function BillingDetailsForm({
  client,
  organizationId,
  profile,
  headingLevel = 'h2',
}: {
  client: AccordClient;
  organizationId: string;
  profile: Tables<'billing_profiles'> | null;
  headingLevel?: 'h2' | 'h3';
}) {
  const [draft, setDraft] = useState(() => draftOf(profile));
  const headingId = useId();
  const save = useCommand({
    run: (values: BillingProfileDraft) => saveBillingProfile(client, organizationId, values),
    refresh: saveBillingProfileChanges,
    success: (saved) => ({
      title: 'Billing details saved',
      description: saved.vatIdChecked ? 'The VAT number’s format is valid. Your next invoices use these details.' : 'Your next invoices use these details.',
    }),
  });
  const set = (field: keyof BillingProfileDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const vatProblem = save.error && /VAT number/.test(save.error) ? save.error : undefined;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as={headingLevel} id={headingId} textStyle="lg">
        Billing details
      </Heading>
      <Text color="fg.muted">Who the invoices are addressed to. Issued invoices keep the details they were issued with.</Text>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(draft);
        }}
      >
        <Stack gap="4">
          <TextField label="Billing name" name="billingName" value={draft.billingName} onChange={set('billingName')} hint="Leave empty to use the legal name the network reviewed." autoComplete="organization" />
          <TextField label="Address" name="addressLine1" value={draft.addressLine1} onChange={set('addressLine1')} autoComplete="address-line1" />
          <TextField label="Address, second line" name="addressLine2" value={draft.addressLine2} onChange={set('addressLine2')} autoComplete="address-line2" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Postal code" name="postalCode" value={draft.postalCode} onChange={set('postalCode')} autoComplete="postal-code" />
            <TextField label="City" name="city" value={draft.city} onChange={set('city')} autoComplete="address-level2" />
          </SimpleGrid>
          <SelectField
            label="Country"
            name="country"
            value={draft.country}
            onChange={set('country')}
            placeholder="Choose a country"
            options={countries().map((country) => ({ value: country.code, label: country.name }))}
          />
          <TextField
            label="VAT number"
            name="vatId"
            value={draft.vatId}
            onChange={set('vatId')}
            error={vatProblem}
            hint={
              profile?.vat_id && profile.vat_id_checked_at
                ? `${profile.vat_id_format_valid ? 'Format checked' : 'Format not valid'} on ${formatDayAndTime(profile.vat_id_checked_at)}.`
                : 'With its country prefix, such as PL5260250274. An organisation in another EU country with a VAT number is invoiced without VAT (reverse charge).'
            }
          />
          <TextField label="Billing e-mail" name="billingEmail" type="email" value={draft.billingEmail} onChange={set('billingEmail')} autoComplete="email" />
          <TextField label="Purchase order reference" name="poReference" value={draft.poReference} onChange={set('poReference')} hint="Printed on the invoices, if your accounts need one." />
          {save.error && !vatProblem ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The billing details were not saved</Alert.Title>
                <Alert.Description>{save.error}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <div>
            <Button type="submit" loading={save.busy} loadingText="Saving…">
              Save billing details
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
