import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { DataTable, type Column } from '../../../components/data-table';
import { FilterChips } from '../../../components/filter-controls';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlFilters } from '../../../components/use-url-filters';
import type { AccordClient } from '../../../data/client';
import { useDeskUpdates } from '../../../data/news-desk/list-desk-updates';
import { deskStatus, type DeskStatus, type DeskUpdate } from '../../../data/news-desk/types';
import { UPDATE_CATEGORY_LABELS } from '../../../components/update-article/update-format';
import { updateHref } from '../../../components/update-article/update-article';
import { formatDayAndTime } from '../../../components/formats';
import { DESK_STATUS_LOOK, DESK_STATUSES, isDeskStatus } from './desk-status';

type StatusFilter = DeskStatus | 'all';
interface Filters {
  status: StatusFilter;
}

function parse(params: URLSearchParams): Filters {
  const status = params.get('status');
  return { status: isDeskStatus(status) ? status : 'all' };
}

function serialize(filters: Filters): URLSearchParams {
  return new URLSearchParams(filters.status === 'all' ? {} : { status: filters.status });
}

export function editHref(id: string | 'new'): string {
  return `/admin/updates?edit=${id}`;
}

function dateCell(update: DeskUpdate, status: DeskStatus): string {
  if (status === 'draft' && update.publishedAt === null) return 'Not dated yet';
  const date = formatDayAndTime(update.publishedAt);
  return status === 'draft' || status === 'unpublished' ? `${date} (planned)` : date;
}

/** Every update, by status, with what can be done to each. */
export function DeskList({ client }: { client: AccordClient }) {
  const updates = useDeskUpdates(client);
  const { filters, setFilters } = useUrlFilters(parse, serialize);
  const now = useMemo(() => new Date(), [updates.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = useMemo(() => (updates.data ?? []).map((update) => ({ update, status: deskStatus(update, now) })), [updates.data, now]);
  const shown = filters.status === 'all' ? rows : rows.filter((row) => row.status === filters.status);

  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'title',
      label: 'Update',
      unlabelledWhenStacked: true,
      cell: ({ update }) => (
        <Stack gap="0.5">
          <Link asChild fontWeight="semibold" variant="underline">
            <RouterLink to={editHref(update.id)}>{update.title}</RouterLink>
          </Link>
          <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
            {update.slug}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', label: 'Status', cell: ({ status }) => <StatusBadge status={status} map={DESK_STATUS_LOOK} /> },
    { key: 'date', label: 'Date', cell: ({ update, status }) => dateCell(update, status), cellProps: { whiteSpace: { md: 'nowrap' } } },
    { key: 'category', label: 'About', cell: ({ update }) => UPDATE_CATEGORY_LABELS[update.category] },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: ({ update, status }) =>
        status === 'published' ? (
          <Button asChild size="xs" variant="outline">
            <RouterLink to={updateHref(update.slug)}>
              View on the site<Text srOnly>: {update.title}</Text>
            </RouterLink>
          </Button>
        ) : null,
    },
  ];

  const counts = Object.fromEntries(DESK_STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length]));

  return (
    <Stack gap="4">
      <FilterChips<StatusFilter>
        label="Show updates by status"
        value={filters.status}
        onChange={(status) => setFilters({ status })}
        options={[
          { value: 'all', label: 'All', count: updates.data ? rows.length : undefined },
          ...DESK_STATUSES.map((status) => ({ value: status, label: DESK_STATUS_LOOK[status].label, count: updates.data ? counts[status] : undefined })),
        ]}
      />
      <QueryView
        query={updates}
        loading="Loading the updates…"
        errorTitle="The updates could not be loaded"
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyMessage title={rows.length === 0 ? 'No updates yet' : `No ${DESK_STATUS_LOOK[filters.status as DeskStatus]?.label.toLowerCase() ?? ''} updates`}>
            {rows.length === 0 ? 'Write the first one with “Write an update”. It stays a draft until you publish it.' : 'Choose another status to see the rest.'}
          </EmptyMessage>
        }
      >
        {() => <DataTable caption="Updates, last changed first" columns={columns} rows={shown} rowKey={(row) => row.update.id} />}
      </QueryView>
    </Stack>
  );
}
