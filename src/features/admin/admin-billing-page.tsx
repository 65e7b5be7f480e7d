import { Container, Stack } from '@chakra-ui/react';

import { FilterSelect } from '../../components/filter-controls';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useUrlFilters } from '../../components/use-url-filters';
import { useBillingOverview } from '../../data/billing/get-billing-overview';
import { useBillingOrganizations } from '../../data/billing/list-billing-organizations';
import { supabase, type AccordClient } from '../../data/client';
import { FailedEventsSection } from './billing/failed-events-section';
import { OrganizationBillingPanel } from './billing/organization-billing-panel';
import { OverviewSection } from './billing/overview-section';
import { BillingSection } from './billing/section';
import { SellerSettingsSection } from './billing/seller-settings-section';
import { StatementSection } from './billing/statement-section';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organisation open in the panel, kept in the address so it can be shared and Back closes it. */
interface BillingAddress {
  org: string;
}
const parseAddress = (params: URLSearchParams): BillingAddress => ({ org: UUID.test(params.get('org') ?? '') ? (params.get('org') as string) : '' });
const serializeAddress = (address: BillingAddress) => new URLSearchParams(address.org ? { org: address.org } : {});

/**
 * /admin/billing: recurring revenue, receivables and ageing, the overdue list
 * with its one-step suspension, renewals; one organisation's membership,
 * plan, profile and payments; the seller settings; bank statement matching;
 * card payment events that failed to apply.
 * Every figure is the database's (docs/decisions/072-billing-pages.md).
 */
export default function AdminBillingPage({ client = supabase }: { client?: AccordClient } = {}) {
  const overview = useBillingOverview(client);
  const organizations = useBillingOrganizations(client);
  const { filters, setFilters } = useUrlFilters(parseAddress, serializeAddress);
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="12">
        <PageHeader eyebrow="Back office" title="Billing" intro="Member organisations’ subscriptions and payment status." />
        <QueryView query={overview} loading="Loading the billing overview…" errorTitle="The billing overview could not be loaded">
          {(data) => <OverviewSection client={client} overview={data} onOpenOrganization={(org) => setFilters({ org })} />}
        </QueryView>
        <BillingSection title="One organisation" intro="Its membership, plan, open invoices, payments and billing details.">
          <Stack maxW="md">
            <FilterSelect label="Organisation" name="org" value={filters.org} onChange={(org) => setFilters({ org })}>
              <option value="">{organizations.data ? 'Choose an organisation' : 'Loading the organisations…'}</option>
              {(organizations.data ?? []).map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </FilterSelect>
          </Stack>
          {filters.org ? <OrganizationBillingPanel key={filters.org} client={client} organizationId={filters.org} /> : null}
        </BillingSection>
        <StatementSection client={client} />
        <FailedEventsSection client={client} />
        <SellerSettingsSection client={client} />
      </Stack>
    </Container>
  );
}
