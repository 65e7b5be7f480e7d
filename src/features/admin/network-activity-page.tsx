import { Box, Button, chakra, Code, Container, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { DataTable, type Column } from '../../components/data-table';
import { downloadFile } from '../../components/download-file';
import { FilterSelect } from '../../components/filter-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useUrlFilters } from '../../components/use-url-filters';
import { exportNetworkActivityCsv } from '../../data/admin/export-network-activity';
import { useNetworkActivity, type ActivityEntry, type NetworkActivityFilters } from '../../data/admin/list-network-activity';
import { supabase, type AccordClient } from '../../data/client';
import { actionLabel, ACTION_GROUPS, ACTION_LABELS, changeLines } from './audit-action-labels';
import { formatDay, formatDayAndTime } from '../../components/formats';
import { UUID_PATTERN } from '../../../machines/ids';

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * What the address holds: the filters, and where the page is (keyset: older
 * than the last row of the page it came from, or newer than the first), so
 * Back, Forward and reload show the same page.
 */
export interface ActivityAddress {
  action: string;
  actor: string;
  org: string;
  /** YYYY-MM-DD, inclusive, UTC days. */
  from: string;
  to: string;
  before: string;
  beforeId: string;
  after: string;
  afterId: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z_]+(\.[a-z_]+)*$/;

export function parseActivityAddress(params: URLSearchParams): ActivityAddress {
  const read = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : '';
  };
  const cursor = (time: string, id: string) => {
    const at = params.get(time) ?? '';
    const rowId = read(id, /^\d+$/);
    return at !== '' && rowId !== '' && !Number.isNaN(Date.parse(at)) ? [at, rowId] : ['', ''];
  };
  const [before, beforeId] = cursor('before', 'beforeId');
  // One direction at a time; an address with both reads as the older page.
  const [after, afterId] = before ? ['', ''] : cursor('after', 'afterId');
  return {
    action: read('action', ACTION),
    actor: read('actor', UUID_PATTERN),
    org: read('org', UUID_PATTERN),
    from: read('from', DAY),
    to: read('to', DAY),
    before,
    beforeId,
    after,
    afterId,
  };
}

export function serializeActivityAddress(address: ActivityAddress): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(address)) if (value) params.set(name, value);
  return params;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The address's filters as the fetchers take them: "to" is a whole day, so the bound is the next midnight. */
export function activityFilters(address: ActivityAddress): NetworkActivityFilters {
  return {
    action: address.action || null,
    actorId: address.actor || null,
    organizationId: address.org || null,
    from: address.from ? `${address.from}T00:00:00Z` : null,
    to: address.to ? nextDay(address.to) : null,
  };
}

const FIRST_PAGE = { before: '', beforeId: '', after: '', afterId: '' };

function Details({ entry }: { entry: ActivityEntry }) {
  const reason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
  const lines = changeLines(entry.details);
  const effective = typeof entry.details.effective_from === 'string' ? entry.details.effective_from : null;
  const previous = typeof entry.details.previous_status === 'string' ? entry.details.previous_status : null;
  if (!reason && lines.length === 0 && !effective && !previous) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="1" textStyle="sm">
      {reason ? (
        <Text>
          <chakra.span fontWeight="medium">Reason:</chakra.span> {reason}
        </Text>
      ) : null}
      {previous ? <Text>Previous status: {previous}</Text> : null}
      {effective ? <Text>Effective from {formatDay(effective)}</Text> : null}
      {lines.map((line) => (
        <Text key={line.field} wordBreak="break-word">
          <chakra.span fontWeight="medium">{line.field}:</chakra.span> {line.from} → {line.to}
        </Text>
      ))}
    </Stack>
  );
}

function columns(filterBy: (change: Partial<ActivityAddress>) => string): Column<ActivityEntry>[] {
  return [
    {
      key: 'what',
      label: 'What',
      unlabelledWhenStacked: true,
      cell: (entry) => (
        <Stack gap="0.5">
          <Text fontWeight="medium">{actionLabel(entry.action)}</Text>
          <Code size="sm" alignSelf="start" variant="plain" px="0" color="fg.muted">
            {entry.action}
          </Code>
        </Stack>
      ),
    },
    {
      key: 'who',
      label: 'Who',
      cell: (entry) =>
        entry.actorId ? (
          <Stack gap="0.5">
            <Text wordBreak={entry.actorName ? undefined : 'break-all'}>{entry.actorName ?? entry.actorEmail ?? 'Unknown person'}</Text>
            {entry.actorName && entry.actorEmail ? (
              <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
                {entry.actorEmail}
              </Text>
            ) : null}
            <Link asChild variant="underline" textStyle="xs" color="brand.fg">
              <RouterLink to={filterBy({ actor: entry.actorId })}>Only this person</RouterLink>
            </Link>
          </Stack>
        ) : (
          <Text color="fg.muted">The system</Text>
        ),
    },
    {
      key: 'on',
      label: 'On',
      cell: (entry) => (
        <Stack gap="0.5">
          {entry.organizationId ? (
            <>
              <Text>{entry.organizationName ?? 'A removed organisation'}</Text>
              <Link asChild variant="underline" textStyle="xs" color="brand.fg">
                <RouterLink to={filterBy({ org: entry.organizationId })}>Only this organisation</RouterLink>
              </Link>
            </>
          ) : null}
          {entry.subjectEmail ? (
            <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
              {entry.subjectEmail}
            </Text>
          ) : null}
          {!entry.organizationId && !entry.subjectEmail ? <Text color="fg.muted">—</Text> : null}
        </Stack>
      ),
    },
    {
      key: 'when',
      label: 'When',
      cellProps: { whiteSpace: { md: 'nowrap' } },
      cell: (entry) => <chakra.time dateTime={entry.occurredAt}>{formatDayAndTime(entry.occurredAt)}</chakra.time>,
    },
    { key: 'details', label: 'Details', cell: (entry) => <Details entry={entry} /> },
  ];
}

export interface NetworkActivityPageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
}

/** /admin/network-activity: the audit log of every privileged action, newest first. */
export default function NetworkActivityPage({ client = supabase }: NetworkActivityPageProps = {}) {
  const { filters: address, setFilters, hrefFor } = useUrlFiltersForActivity();
  const filters = activityFilters(address);
  const activity = useNetworkActivity({
    ...filters,
    before: address.before ? { occurredAt: address.before, id: Number(address.beforeId) } : null,
    after: address.after ? { occurredAt: address.after, id: Number(address.afterId) } : null,
    pageSize: ACTIVITY_PAGE_SIZE,
  }, client);
  const filtered = Boolean(address.action || address.actor || address.org || address.from || address.to);
  const fromId = useId();
  const toId = useId();

  const exportCsv = useCommand({
    run: () => exportNetworkActivityCsv(client, filters),
    success: (csv) => {
      downloadFile(csv, `network-activity-${new Date().toISOString().slice(0, 10)}.csv`);
      const rows = Math.max(0, csv.split('\n').filter(Boolean).length - 1);
      return { title: 'Export ready', description: `${rows} ${rows === 1 ? 'entry' : 'entries'} saved as a CSV file.` };
    },
    failureToast: 'The export failed',
  });

  const filterBy = (change: Partial<ActivityAddress>) => hrefFor({ ...address, ...FIRST_PAGE, ...change });
  const knownActions = Object.keys(ACTION_LABELS);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageHeader
          eyebrow="Back office"
          title="Network activity"
          intro="Every privileged action on the network, written by the database as it happened: who did what, to which organisation or person, and why."
          actions={
            <Button variant="outline" loading={exportCsv.busy} loadingText="Exporting…" onClick={() => void exportCsv.run()}>
              Export CSV
            </Button>
          }
        />
        <Stack as="form" role="search" aria-label="Filter the activity" gap="3" onSubmit={(event) => event.preventDefault()}>
          <Flex gap="3" wrap="wrap" align="end">
            <Box flex={{ base: '1 1 100%', md: '2 1 16rem' }}>
              <FilterSelect label="Action" name="action" value={address.action} onChange={(action) => setFilters({ action })}>
                <option value="">Every action</option>
                {ACTION_GROUPS.map((group) => (
                  <option key={group.value} value={group.value}>
                    {group.label}
                  </option>
                ))}
                {knownActions.map((action) => (
                  <option key={action} value={action}>
                    {ACTION_LABELS[action]} ({action})
                  </option>
                ))}
                {address.action && !knownActions.includes(address.action) && !ACTION_GROUPS.some((g) => g.value === address.action) ? (
                  <option value={address.action}>{address.action}</option>
                ) : null}
              </FilterSelect>
            </Box>
            <Stack gap="1.5" flex={{ base: '1 1 40%', md: '1 1 10rem' }}>
              <chakra.label htmlFor={fromId} fontWeight="medium" textStyle="sm">
                From
              </chakra.label>
              <Input id={fromId} type="date" value={address.from} max={address.to || undefined} onChange={(event) => setFilters({ from: event.target.value })} />
            </Stack>
            <Stack gap="1.5" flex={{ base: '1 1 40%', md: '1 1 10rem' }}>
              <chakra.label htmlFor={toId} fontWeight="medium" textStyle="sm">
                To
              </chakra.label>
              <Input id={toId} type="date" value={address.to} min={address.from || undefined} onChange={(event) => setFilters({ to: event.target.value })} />
            </Stack>
          </Flex>
          {address.actor || address.org || filtered ? (
            <Flex gap="3" wrap="wrap" align="center" textStyle="sm">
              {address.actor ? (
                <Button asChild size="xs" variant="subtle">
                  <RouterLink to={filterBy({ actor: '' })} aria-label="Remove the person filter">
                    Only one person ✕
                  </RouterLink>
                </Button>
              ) : null}
              {address.org ? (
                <Button asChild size="xs" variant="subtle">
                  <RouterLink to={filterBy({ org: '' })} aria-label="Remove the organisation filter">
                    Only one organisation ✕
                  </RouterLink>
                </Button>
              ) : null}
              {filtered ? (
                <Button asChild size="xs" variant="plain" px="0">
                  <RouterLink to=".">Clear filters</RouterLink>
                </Button>
              ) : null}
            </Flex>
          ) : null}
        </Stack>
        <QueryView
          query={activity}
          loading="Loading the activity…"
          errorTitle="The activity could not be loaded"
          staleErrorTitle="The activity could not be refreshed"
          isEmpty={(page) => page.entries.length === 0}
          empty={
            <EmptyMessage title={filtered ? 'No activity matches these filters' : 'No activity yet'}>
              {filtered
                ? 'Try another action, a wider date range, or clear the filters.'
                : 'Actions such as approving an application or suspending an organisation appear here as they happen.'}
            </EmptyMessage>
          }
        >
          {(page) => (
            <Stack gap="4">
              <DataTable caption="Network activity" columns={columns(filterBy)} rows={page.entries} rowKey={(entry) => entry.id} />
              <Flex as="nav" aria-label="Pages of activity" justify="space-between" gap="3" wrap="wrap">
                {page.previous ? (
                  <Flex gap="3">
                    <Button asChild variant="outline" size="sm">
                      <RouterLink to={filterBy({})}>Newest</RouterLink>
                    </Button>
                    <Button asChild variant="outline" size="sm">
                      <RouterLink to={filterBy({ after: page.previous.occurredAt, afterId: String(page.previous.id) })}>Newer</RouterLink>
                    </Button>
                  </Flex>
                ) : (
                  <span />
                )}
                {page.next ? (
                  <Button asChild variant="outline" size="sm">
                    <RouterLink to={filterBy({ before: page.next.occurredAt, beforeId: String(page.next.id) })}>Older</RouterLink>
                  </Button>
                ) : (
                  <Text textStyle="sm" color="fg.muted">
                    The oldest entry is shown.
                  </Text>
                )}
              </Flex>
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Container>
  );
}

function useUrlFiltersForActivity() {
  return useUrlFilters(parseActivityAddress, serializeActivityAddress, FIRST_PAGE);
}
