import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { INVESTOR_KINDS } from '../../../../machines/visitor-request-form';
import { DataTable, type Column } from '../../../components/data-table';
import { FilterChips } from '../../../components/filter-controls';
import { PageNav } from '../../../components/page-nav';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useCommand } from '../../../components/use-command';
import type { AccordClient } from '../../../data/client';
import { callGrantAccess, callGrantAccessChanges } from '../../../data/investor-access/call-grant-access';
import { useInvestorRequests, type InvestorRequestRow, type InvestorRequestStatus } from '../../../data/investor-access/list-investor-requests';
import { formatDayAndTime } from '../../../components/formats';
import { LEVEL_LABELS, REQUEST_STATUS } from './access-status';
import { DeclineDialog, GrantDialog, type DeclineArgs, type GrantArgs } from './request-dialogs';

export const REQUESTS_PAGE_SIZE = 10;

export type RequestFilter = InvestorRequestStatus | 'all';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
];

const KIND_LABELS = Object.fromEntries(INVESTOR_KINDS) as Record<string, string>;

type Open = { kind: 'grant' | 'decline'; request: InvestorRequestRow } | null;

export interface AccessRequestsPanelProps {
  client: AccordClient;
  status: RequestFilter;
  page: number;
  onStatusChange: (status: RequestFilter) => void;
  hrefForPage: (page: number) => string;
}

/** The requests from /investors/access, newest first, filtered by decision; granted or declined from here. */
export function AccessRequestsPanel({ client, status, page, onStatusChange, hrefForPage }: AccessRequestsPanelProps) {
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const list = useInvestorRequests({ status: status === 'all' ? null : status, page, pageSize: REQUESTS_PAGE_SIZE }, client);

  const grant = useCommand({
    run: ({ request, level, expiresAt }: GrantArgs) => callGrantAccess(client, { action: 'grant', requestId: request.id, level, expiresAt }),
    refresh: callGrantAccessChanges,
    refreshAfterFailure: true,
    success: (answer, { request, level }) => ({
      title: 'Access granted',
      description: `${request.name} has ${LEVEL_LABELS[level].toLowerCase()} access. We e-mailed ${answer.email} a sign-in link.`,
    }),
  });
  const decline = useCommand({
    run: ({ request, reason }: DeclineArgs) => callGrantAccess(client, { action: 'decline', requestId: request.id, reason }),
    refresh: callGrantAccessChanges,
    refreshAfterFailure: true,
    success: (answer, { request }) => ({
      title: 'Request declined',
      description: `We e-mailed ${request.name} (${answer.email}) your reason.`,
    }),
  });
  const close = () => {
    grant.reset();
    decline.reset();
    setOpen(null);
  };

  const columns: Column<InvestorRequestRow>[] = [
    {
      key: 'name',
      label: 'Requester',
      unlabelledWhenStacked: true,
      cell: (r) => (
        <Stack gap="0.5" minW="0">
          <Text fontWeight="medium" overflowWrap="anywhere">
            {r.name}
          </Text>
          <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
            {r.email}
          </Text>
          <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
            {r.organization} · {KIND_LABELS[r.investorKind] ?? r.investorKind}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'message',
      label: 'Message',
      cell: (r) => (
        <Text textStyle="sm" overflowWrap="anywhere" whiteSpace="pre-wrap" maxW="md">
          {r.message ?? '—'}
        </Text>
      ),
    },
    { key: 'received', label: 'Received', cell: (r) => formatDayAndTime(r.createdAt), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'status',
      label: 'Status',
      cell: (r) => (
        <Stack gap="1" align="start" minW="0">
          <StatusBadge status={r.status} map={REQUEST_STATUS} />
          {r.status !== 'new' ? (
            <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
              {r.decidedByName?.trim() || r.decidedByEmail ? `By ${r.decidedByName?.trim() || r.decidedByEmail}, ` : ''}
              {formatDayAndTime(r.decidedAt)}
            </Text>
          ) : null}
          {r.declineReason ? (
            <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
              Reason: {r.declineReason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (r) =>
        r.status === 'new' ? (
          <Flex gap="2" wrap="wrap" justify={{ md: 'end' }}>
            <Button size="sm" onClick={() => setOpen({ kind: 'grant', request: r })} aria-label={`Grant access to ${r.name}`}>
              Grant
            </Button>
            <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'decline', request: r })} aria-label={`Decline ${r.name}’s request`}>
              Decline
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" size="lg" id={headingId}>
        Access requests
      </Heading>
      <FilterChips label="Filter requests by status" options={FILTERS} value={status} onChange={onStatusChange} />
      <QueryView
        query={list}
        loading="Loading access requests…"
        errorTitle="The access requests could not be loaded"
        staleErrorTitle="The access requests could not be refreshed"
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <EmptyMessage title={page > 1 ? 'No more requests' : status === 'new' ? 'No new requests' : 'No requests here'}>
            {page > 1
              ? 'This page is past the end of the list.'
              : 'Requests sent from the investor access page (/investors/access) appear here.'}
          </EmptyMessage>
        }
      >
        {(data) => (
          <Stack gap="4">
            <DataTable caption="Investor access requests" columns={columns} rows={data.requests} rowKey={(r) => r.id} />
            <PageNav page={page} pageCount={Math.max(1, Math.ceil(data.total / REQUESTS_PAGE_SIZE))} hrefFor={hrefForPage} label="Pages of access requests" />
          </Stack>
        )}
      </QueryView>
      {open?.kind === 'grant' ? <GrantDialog request={open.request} grant={grant} onClose={close} /> : null}
      {open?.kind === 'decline' ? <DeclineDialog request={open.request} decline={decline} onClose={close} /> : null}
    </Stack>
  );
}
