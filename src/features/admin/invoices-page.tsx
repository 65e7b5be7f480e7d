import { Button, Container, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CheckboxInput } from '../../components/form-controls';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { DOCUMENT_STATE, documentState, KIND_LABEL } from '../../components/billing-labels';
import { DataTable } from '../../components/data-table';
import { downloadFile } from '../../components/download-file';
import { buildCsv } from '../../components/figures/csv';
import { FilterSelect, SearchField } from '../../components/filter-controls';
import { formatCalendarDay, formatCount, formatMoney } from '../../components/formats';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { useCommand } from '../../components/use-command';
import { useUrlFilters } from '../../components/use-url-filters';
import { exportInvoices } from '../../data/billing/export-invoices-csv';
import { useBillingOrganizations } from '../../data/billing/list-billing-organizations';
import { useInvoices, type InvoiceCursor, type InvoiceFilters } from '../../data/billing/list-invoices';
import type { InvoiceKind, InvoiceStatus, PaymentStatus } from '../../data/billing/types';
import { supabase, type AccordClient } from '../../data/client';
import { InvoicePanel } from './billing/invoice-panel';

export const INVOICES_PAGE_SIZE = 25;

export interface InvoicesAddress extends InvoiceFilters {
  /** Keyset: the last row of the previous page, as "createdAt|id". */
  after: string;
  /** The invoice open in the panel. */
  invoice: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: InvoiceStatus[] = ['draft', 'issued'];
const KINDS: InvoiceKind[] = ['invoice', 'credit_note'];
const PAYMENT_STATUSES: PaymentStatus[] = ['unpaid', 'partly_paid', 'paid', 'refunded', 'credited'];

export function parseInvoicesAddress(params: URLSearchParams): InvoicesAddress {
  const get = (name: string) => params.get(name) ?? '';
  const pick = <T extends string>(value: string, allowed: readonly T[]) => ((allowed as readonly string[]).includes(value) ? (value as T) : '');
  const after = get('after');
  return {
    status: pick(get('status'), STATUSES),
    kind: pick(get('kind'), KINDS),
    paymentStatus: pick(get('payment'), PAYMENT_STATUSES),
    overdue: get('overdue') === '1',
    organizationId: UUID.test(get('org')) ? get('org') : '',
    period: /^\d{4}-(0[1-9]|1[0-2])$/.test(get('period')) ? get('period') : '',
    number: get('number').slice(0, 40),
    after: /^[^|]+\|[0-9a-f-]{36}$/i.test(after) ? after : '',
    invoice: UUID.test(get('invoice')) ? get('invoice') : '',
  };
}

export function serializeInvoicesAddress(address: InvoicesAddress): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => value && params.set(name, value);
  set('status', address.status);
  set('kind', address.kind);
  set('payment', address.paymentStatus);
  set('overdue', address.overdue ? '1' : '');
  set('org', address.organizationId);
  set('period', address.period);
  set('number', address.number);
  set('after', address.after);
  set('invoice', address.invoice);
  return params;
}

/** A change of filter starts at the first page with no invoice open. */
const RESET: Partial<InvoicesAddress> = { after: '', invoice: '' };

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  refunded: 'Refunded',
  credited: 'Credited',
};

// Numbers, dates and amounts read as one piece; the organisation's name takes what room is left.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function cursorOf(after: string): InvoiceCursor | null {
  const [createdAt, id] = after.split('|');
  return createdAt && id ? { createdAt, id } : null;
}

/** /admin/invoices: every invoice and credit note, filtered on the server, keyset-paged, exported for the accounts; the detail and its actions. */
export default function InvoicesPage({ client = supabase }: { client?: AccordClient } = {}) {
  const { filters: address, setFilters, hrefFor } = useUrlFilters(parseInvoicesAddress, serializeInvoicesAddress, RESET);
  const { after, invoice, ...filters } = address;
  const page = useInvoices(filters, cursorOf(after), INVOICES_PAGE_SIZE, client);
  const organizations = useBillingOrganizations(client);
  const [numberText, setNumberText] = useState(address.number);
  // Pages already passed, for Previous: keyset paging only knows the way forward.
  const [trail, setTrail] = useState<string[]>([]);
  const filterKey = JSON.stringify(filters);
  useEffect(() => setTrail([]), [filterKey]);
  useEffect(() => setNumberText(address.number), [address.number]);

  const exporter = useCommand({
    run: () => exportInvoices(client, filters),
    success: (result) => ({
      title: 'Export ready',
      description: `${formatCount(result.records.length)} rows${result.truncated ? ' (the first 10,000; narrow the filters for the rest)' : ''}.`,
    }),
    failureToast: 'The export could not be made',
  });

  if (invoice) {
    return (
      <Container maxW="6xl" py={{ base: '8', md: '12' }}>
        <InvoicePanel client={client} invoiceId={invoice} backHref={hrefFor({ ...address, invoice: '' })} hrefFor={(id) => hrefFor({ ...address, invoice: id })} />
      </Container>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <PageHeader
          eyebrow="Back office"
          title="Invoices"
          intro="Invoices and credit notes issued to member organisations, newest first. Open one to see its lines, VAT, payments and history."
          actions={
            <Button
              variant="outline"
              loading={exporter.busy}
              loadingText="Exporting…"
              onClick={() =>
                void exporter.run().then((result) => {
                  if (result.ok) downloadFile(buildCsv(result.value.header, result.value.records), `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
                })
              }
            >
              Export CSV
            </Button>
          }
        />
        <Flex as="form" role="search" aria-label="Filter invoices" gap="3" wrap="wrap" align="end" onSubmit={(event) => {
          event.preventDefault();
          setFilters({ number: numberText.trim() });
        }}>
          <SearchField label="Number" value={numberText} onChange={(value) => {
            setNumberText(value);
            setFilters({ number: value.trim() }, { replace: true });
          }} placeholder="ACC-2026-" />
          <FilterSelect label="Status" name="status" value={address.status} onChange={(value) => setFilters({ status: value as InvoiceStatus | '' })}>
            <option value="">Any</option>
            <option value="draft">Draft</option>
            <option value="issued">Issued</option>
          </FilterSelect>
          <FilterSelect label="Kind" name="kind" value={address.kind} onChange={(value) => setFilters({ kind: value as InvoiceKind | '' })}>
            <option value="">Both</option>
            <option value="invoice">Invoices</option>
            <option value="credit_note">Credit notes</option>
          </FilterSelect>
          <FilterSelect label="Payment" name="payment" value={address.paymentStatus} onChange={(value) => setFilters({ paymentStatus: value as PaymentStatus | '' })}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_LABELS[status]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Organisation" name="org" value={address.organizationId} onChange={(value) => setFilters({ organizationId: value })}>
            <option value="">All</option>
            {(organizations.data ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </FilterSelect>
          <Stack gap="1.5">
            <label htmlFor="invoices-period">
              <Text as="span" textStyle="sm" fontWeight="medium">
                Period starts in
              </Text>
            </label>
            <Input id="invoices-period" type="month" value={address.period} onChange={(event) => setFilters({ period: event.target.value })} bg="bg" />
          </Stack>
          <Flex as="label" gap="2" alignItems="center" cursor="pointer" minH="10">
            <CheckboxInput type="checkbox" name="overdue" checked={address.overdue} onChange={(event) => setFilters({ overdue: event.target.checked })} />
            <Text as="span">Overdue only</Text>
          </Flex>
        </Flex>
        <QueryView
          query={page}
          loading="Loading the invoices…"
          errorTitle="The invoices could not be loaded"
          staleErrorTitle="The invoices could not be refreshed"
          isEmpty={(data) => data.rows.length === 0 && !after}
          empty={<EmptyMessage title="No invoices match">Change or clear the filters to see more.</EmptyMessage>}
        >
          {(data) => (
            <Stack gap="4">
              <Text role="status" color="fg.muted" textStyle="sm">
                {data.rows.length === 0 ? 'No more invoices.' : `Showing ${formatCount(data.rows.length)} ${data.rows.length === 1 ? 'document' : 'documents'}${after ? ' on a later page' : ''}.`}
              </Text>
              <DataTable
                caption="Invoices and credit notes"
                rows={data.rows}
                rowKey={(row) => row.id}
                columns={[
                  {
                    key: 'number',
                    label: 'Number',
                    unlabelledWhenStacked: true,
                    cellProps: NO_WRAP,
                    cell: (row) => (
                      <Link asChild variant="underline" color="brand.fg" fontWeight="medium">
                        <RouterLink to={hrefFor({ ...address, invoice: row.id })}>{row.number ?? `Draft ${KIND_LABEL[row.kind].toLowerCase()}`}</RouterLink>
                      </Link>
                    ),
                  },
                  { key: 'organization', label: 'Organisation', cell: (row) => row.organizationName },
                  { key: 'kind', label: 'Kind', cell: (row) => KIND_LABEL[row.kind] },
                  { key: 'issued', label: 'Issued', cellProps: NO_WRAP, cell: (row) => formatCalendarDay(row.issueDate) },
                  { key: 'due', label: 'Due', cellProps: NO_WRAP, cell: (row) => (row.kind === 'invoice' ? formatCalendarDay(row.dueDate) : '—') },
                  { key: 'total', label: 'Total', alignEnd: true, cellProps: NO_WRAP, cell: (row) => formatMoney(row.totalMinor, row.currency) },
                  { key: 'balance', label: 'Balance', alignEnd: true, cellProps: NO_WRAP, cell: (row) => (row.kind === 'invoice' && row.status === 'issued' ? formatMoney(row.balanceMinor, row.currency) : '—') },
                  { key: 'state', label: 'Status', cell: (row) => <StatusBadge status={documentState(row)} map={DOCUMENT_STATE} /> },
                ]}
              />
              <Flex as="nav" aria-label="Pages of invoices" gap="2" justify="space-between">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!after}
                  onClick={() => {
                    const previous = trail[trail.length - 1] ?? '';
                    setTrail((current) => current.slice(0, -1));
                    setFilters({ after: previous });
                  }}
                >
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!data.next}
                  onClick={() => {
                    if (!data.next) return;
                    setTrail((current) => [...current, after]);
                    setFilters({ after: `${data.next.createdAt}|${data.next.id}` });
                  }}
                >
                  Next
                </Button>
              </Flex>
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Container>
  );
}
