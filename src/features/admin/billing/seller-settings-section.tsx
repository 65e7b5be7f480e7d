import { Button, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { countries } from '../../../components/countries';
import { DataTable } from '../../../components/data-table';
import { SelectField, TextField } from '../../../components/form-fields';
import { formatVatRate } from '../../../components/formats';
import { QueryView } from '../../../components/query-view';
import { useCommand } from '../../../components/use-command';
import { useSellerSettings, type SellerSettings } from '../../../data/billing/get-seller-settings';
import { saveSellerSettings, saveSellerSettingsChanges, type SellerSettingsDraft } from '../../../data/billing/save-seller-settings';
import { setVatRate, setVatRateChanges } from '../../../data/billing/set-vat-rate';
import type { AccordClient } from '../../../data/client';
import { BillingSection } from './section';

function draftOf({ settings: s }: SellerSettings): Record<keyof SellerSettingsDraft, string> {
  return {
    legalName: s.legal_name ?? '',
    addressLine1: s.address_line1 ?? '',
    addressLine2: s.address_line2 ?? '',
    postalCode: s.postal_code ?? '',
    city: s.city ?? '',
    country: s.country ?? '',
    vatId: s.vat_id ?? '',
    iban: s.iban ?? '',
    bic: s.bic ?? '',
    email: s.email ?? '',
    invoicePrefix: s.invoice_prefix,
    creditNotePrefix: s.credit_note_prefix,
    paymentTermsDays: String(s.payment_terms_days),
    renewalLeadDays: String(s.renewal_lead_days),
    renewalGraceDays: String(s.renewal_grace_days),
  };
}

const DAYS = /^\d{1,3}$/;

function SellerForm({ client, seller }: { client: AccordClient; seller: SellerSettings }) {
  const [draft, setDraft] = useState(() => draftOf(seller));
  const [problems, setProblems] = useState<Partial<Record<keyof SellerSettingsDraft, string>>>({});
  const save = useCommand({
    run: (values: SellerSettingsDraft) => saveSellerSettings(client, values),
    refresh: saveSellerSettingsChanges,
    success: () => ({ title: 'Seller settings saved', description: 'Invoices issued from now on carry them.' }),
  });
  const set = (field: keyof SellerSettingsDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const field = (name: keyof SellerSettingsDraft, label: string, hint?: string) => (
    <TextField label={label} name={name} value={draft[name]} onChange={set(name)} error={problems[name]} hint={hint} />
  );
  return (
    <form
      noValidate
      aria-label="Seller settings"
      onSubmit={(event) => {
        event.preventDefault();
        const found: typeof problems = {};
        for (const name of ['paymentTermsDays', 'renewalLeadDays', 'renewalGraceDays'] as const) {
          if (!DAYS.test(draft[name].trim())) found[name] = 'A whole number of days.';
        }
        setProblems(found);
        if (Object.keys(found).length > 0) return;
        void save.run({
          ...draft,
          paymentTermsDays: Number(draft.paymentTermsDays),
          renewalLeadDays: Number(draft.renewalLeadDays),
          renewalGraceDays: Number(draft.renewalGraceDays),
        });
      }}
    >
      <Stack gap="4">
        {field('legalName', 'Legal name')}
        {field('addressLine1', 'Address')}
        {field('addressLine2', 'Address, second line')}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('postalCode', 'Postal code')}
          {field('city', 'City')}
        </SimpleGrid>
        <SelectField label="Country" name="country" value={draft.country} onChange={set('country')} placeholder="Choose a country" options={countries().map((c) => ({ value: c.code, label: c.name }))} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('vatId', 'VAT number')}
          {field('email', 'Billing e-mail')}
          {field('iban', 'IBAN')}
          {field('bic', 'BIC')}
          {field('invoicePrefix', 'Invoice number prefix', 'Numbers read PREFIX-YEAR-000001.')}
          {field('creditNotePrefix', 'Credit note number prefix')}
          {field('paymentTermsDays', 'Payment terms (days)')}
          {field('renewalLeadDays', 'Draft renewals this many days ahead')}
          {field('renewalGraceDays', 'Issue drafts after this many days')}
        </SimpleGrid>
        {save.error ? (
          <Stack role="alert" color="fg.error">
            {`The seller settings were not saved. ${save.error}`}
          </Stack>
        ) : null}
        <div>
          <Button type="submit" loading={save.busy} loadingText="Saving…">
            Save seller settings
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function VatRates({ client, seller }: { client: AccordClient; seller: SellerSettings }) {
  const [country, setCountry] = useState('');
  const [rate, setRate] = useState('');
  const [problems, setProblems] = useState<{ country?: string; rate?: string }>({});
  const command = useCommand({
    run: (change: { country: string; rateBp: number }) => setVatRate(client, change.country, change.rateBp),
    refresh: setVatRateChanges,
    success: (_, change) => ({ title: 'VAT rate set', description: `${change.country}: ${formatVatRate(change.rateBp)}. Issued invoices keep their rate.` }),
  });
  return (
    <Stack gap="4">
      {seller.vatRates.length > 0 ? (
        <DataTable
          caption="VAT rates by country"
          rows={seller.vatRates}
          rowKey={(row) => row.country}
          columns={[
            { key: 'country', label: 'Country', cell: (row) => row.country },
            { key: 'rate', label: 'Rate', alignEnd: true, cell: (row) => formatVatRate(row.rate_bp) },
          ]}
        />
      ) : null}
      <Flex
        as="form"
        aria-label="Set a VAT rate"
        gap="3"
        wrap="wrap"
        align="end"
        onSubmit={(event) => {
          event.preventDefault();
          const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(rate.trim().replace('%', '').trim());
          const found = { ...(country ? {} : { country: 'Choose a country.' }), ...(match ? {} : { rate: 'A rate such as 21 or 5.5.' }) };
          setProblems(found);
          if (!match || !country) return;
          void command.run({ country, rateBp: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) }).then((result) => {
            if (result.ok) setRate('');
          });
        }}
      >
        <SelectField label="Country" name="vatCountry" required value={country} onChange={setCountry} error={problems.country} placeholder="Choose" options={countries().map((c) => ({ value: c.code, label: c.name }))} />
        <TextField label="Rate (%)" name="vatRate" required value={rate} onChange={setRate} error={problems.rate} />
        <Button type="submit" loading={command.busy} loadingText="Setting…">
          Set rate
        </Button>
      </Flex>
      {command.error ? (
        <Stack role="alert" color="fg.error">
          {`The rate was not set. ${command.error}`}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The network as the seller, printed on every invoice from the moment it is issued, and the VAT rates. */
export function SellerSettingsSection({ client }: { client: AccordClient }) {
  const seller = useSellerSettings(client);
  return (
    <BillingSection title="Seller settings" intro="Who issues the invoices, the bank account members pay into, numbering, payment terms and the renewal run’s days.">
      <QueryView query={seller} loading="Loading the seller settings…" errorTitle="The seller settings could not be loaded">
        {(data) => (
          <Stack gap="8">
            <SellerForm key={data.settings.updated_at} client={client} seller={data} />
            <BillingSection level="h3" title="VAT rates">
              <VatRates client={client} seller={data} />
            </BillingSection>
          </Stack>
        )}
      </QueryView>
    </BillingSection>
  );
}
