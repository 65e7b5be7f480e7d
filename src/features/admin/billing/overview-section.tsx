import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { DataTable } from '../../../components/data-table';
import { formatCalendarDay, formatCount, formatMoney } from '../../../components/formats';
import { QueryView } from '../../../components/query-view';
import type { BillingOverview } from '../../../data/billing/get-billing-overview';
import { useOverdueOrganizations, type OverdueOrganization } from '../../../data/billing/list-overdue-organizations';
import { useUpcomingRenewals } from '../../../data/billing/list-upcoming-renewals';
import type { AccordClient } from '../../../data/client';
import { StatusDialog } from '../tenant-panel';
import { BillingSection } from './section';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5" borderWidth="1px" borderRadius="lg" p="4">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="2xl" fontWeight="semibold">
        {value}
      </Text>
    </Stack>
  );
}

/** The words the suspension starts with; the administrator may change them and decides. */
export function overdueReason(row: OverdueOrganization): string {
  return `Membership fees unpaid: ${row.invoiceCount} ${row.invoiceCount === 1 ? 'invoice' : 'invoices'} totalling ${formatMoney(row.overdueMinor, row.currency)} overdue since ${formatCalendarDay(row.oldestDueDate)}.`;
}

/** Recurring revenue, receivables and ageing as admin_billing_overview computed them; the overdue list and the renewals. */
export function OverviewSection({ client, overview, onOpenOrganization }: { client: AccordClient; overview: BillingOverview; onOpenOrganization: (id: string) => void }) {
  const overdue = useOverdueOrganizations(client);
  const renewals = useUpcomingRenewals(overview.today, client);
  const [suspending, setSuspending] = useState<OverdueOrganization | null>(null);
  return (
    <Stack gap="10">
      <BillingSection title="Overview" intro={`As of ${formatCalendarDay(overview.today)}.`}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Figure label="Organisations 30+ days overdue" value={formatCount(overview.overdueOrganizations)} />
          <Figure label="Renewals in the next 30 days" value={formatCount(overview.upcomingRenewals)} />
          <Figure label="Drafts waiting" value={formatCount(overview.drafts)} />
        </SimpleGrid>
        {overview.recurring.length === 0 ? (
          <Text color="fg.muted">No active memberships yet, so no recurring revenue.</Text>
        ) : (
          <DataTable
            caption="Recurring revenue by currency"
            rows={overview.recurring}
            rowKey={(row) => row.currency}
            columns={[
              { key: 'currency', label: 'Currency', cell: (row) => row.currency },
              { key: 'mrr', label: 'Monthly', alignEnd: true, cell: (row) => formatMoney(row.mrrMinor, row.currency) },
              { key: 'arr', label: 'Yearly', alignEnd: true, cell: (row) => formatMoney(row.arrMinor, row.currency) },
            ]}
          />
        )}
        {overview.receivables.length === 0 ? (
          <Text color="fg.muted">Nothing outstanding: every issued invoice is paid or credited.</Text>
        ) : (
          <DataTable
            caption="Outstanding and overdue, with ageing by days past due"
            rows={overview.receivables}
            rowKey={(row) => row.currency}
            columns={[
              { key: 'currency', label: 'Currency', cell: (row) => row.currency },
              { key: 'outstanding', label: 'Outstanding', alignEnd: true, cell: (row) => formatMoney(row.outstandingMinor, row.currency) },
              { key: 'overdue', label: 'Overdue', alignEnd: true, cell: (row) => formatMoney(row.overdueMinor, row.currency) },
              { key: 'd0', label: '0–30 days', alignEnd: true, cell: (row) => formatMoney(row.ageing.d0_30, row.currency) },
              { key: 'd31', label: '31–60 days', alignEnd: true, cell: (row) => formatMoney(row.ageing.d31_60, row.currency) },
              { key: 'd61', label: '61–90 days', alignEnd: true, cell: (row) => formatMoney(row.ageing.d61_90, row.currency) },
              { key: 'd90', label: '90+ days', alignEnd: true, cell: (row) => formatMoney(row.ageing.d90_plus, row.currency) },
            ]}
          />
        )}
      </BillingSection>

      <BillingSection title="Overdue for 30 days or more" intro="Nobody is suspended automatically. Suspending uses the registry suspension, with the reason filled in for you to check.">
        <QueryView
          query={overdue}
          loading="Loading the overdue list…"
          errorTitle="The overdue list could not be loaded"
          isEmpty={(rows) => rows.length === 0}
          empty={<Text>No organisation is 30 days or more overdue.</Text>}
        >
          {(rows) => (
            <DataTable
              caption="Organisations overdue for 30 days or more"
              rows={rows}
              rowKey={(row) => `${row.organizationId}-${row.currency}`}
              columns={[
                {
                  key: 'name',
                  label: 'Organisation',
                  unlabelledWhenStacked: true,
                  cell: (row) => (
                    <Button variant="plain" color="brand.fg" textDecoration="underline" px="0" h="auto" onClick={() => onOpenOrganization(row.organizationId)}>
                      {row.organizationName}
                    </Button>
                  ),
                },
                { key: 'amount', label: 'Overdue', alignEnd: true, cell: (row) => formatMoney(row.overdueMinor, row.currency) },
                { key: 'count', label: 'Invoices', alignEnd: true, cell: (row) => formatCount(row.invoiceCount) },
                { key: 'oldest', label: 'Oldest due', cell: (row) => formatCalendarDay(row.oldestDueDate) },
                {
                  key: 'suspend',
                  label: 'Action',
                  hideHeader: true,
                  cell: (row) => (
                    <Button size="sm" variant="outline" onClick={() => setSuspending(row)} aria-label={`Suspend ${row.organizationName}`}>
                      Suspend
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </BillingSection>

      <BillingSection title="Upcoming renewals" intro="Active memberships whose period ends in the next 30 days; the next period’s draft is made before it starts.">
        <QueryView
          query={renewals}
          loading="Loading the renewals…"
          errorTitle="The renewals could not be loaded"
          isEmpty={(rows) => rows.length === 0}
          empty={<Text>No renewal in the next 30 days.</Text>}
        >
          {(rows) => (
            <DataTable
              caption="Renewals in the next 30 days"
              rows={rows}
              rowKey={(row) => row.organizationId}
              columns={[
                { key: 'name', label: 'Organisation', unlabelledWhenStacked: true, cell: (row) => row.organizationName },
                { key: 'on', label: 'Renews on', cell: (row) => formatCalendarDay(row.renewsOn) },
                { key: 'plan', label: 'Plan', cell: (row) => (row.nextPlanName ? `${row.planName} → ${row.nextPlanName}` : row.planName) },
              ]}
            />
          )}
        </QueryView>
      </BillingSection>

      {suspending ? (
        <StatusDialog
          key={suspending.organizationId}
          client={client}
          detail={{ organization: { id: suspending.organizationId, name: suspending.organizationName } }}
          status="suspended"
          initialReason={overdueReason(suspending)}
          onClose={() => setSuspending(null)}
        />
      ) : null}
    </Stack>
  );
}
