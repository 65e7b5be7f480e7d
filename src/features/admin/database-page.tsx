import { Badge, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { DataTable } from '../../components/data-table';
import { FormDialog } from '../../components/dialogs';
import { TextAreaField } from '../../components/form-fields';
import { formatCount, formatDayAndTime } from '../../components/formats';
import { PageHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { supabase, type AccordClient } from '../../data/client';
import {
  acknowledgeAdvisorFinding,
  databaseKeys,
  requestAdvisorRun,
  resetQueryStatistics,
  useDatabaseAdvisors,
  useDatabaseHealth,
  useDatabaseSchema,
  useDatabaseSpace,
  useQueryStats,
  type AdvisorFinding,
  type HealthFinding,
  type QueryStat,
  SECOND_FACTOR_SETUP_MESSAGE,
} from '../../data/admin/database';
import { useSessionFacts } from '../../session/session-context';
import { Failure, formatBytes, formatMs, formatRatio, Section } from './database-page-parts';
import { RecoverySection } from './database-recovery-section';
import { compareMigrations, EXPECTED_MIGRATIONS } from './expected-migrations';
import { OrganisationDataSection } from './organisation-data-section';
import { RecentCodeProvider, useRecentCode } from './recent-code';

/** Each health check in words: what it found, and what to do. */
export const HEALTH_WORDS: Record<string, { title: string; advice: string }> = {
  connections: {
    title: 'Connections are close to the limit',
    advice: 'Find which client holds many connections (a leak, a missing pool) before new sign-ins are refused.',
  },
  long_running: {
    title: 'A query has run for over a minute',
    advice: 'Look up its query id under Query performance; if it should not take that long, add an index or end it from the SQL console.',
  },
  idle_in_transaction: {
    title: 'A session is idle inside an open transaction',
    advice: 'It holds locks and stops vacuum. Find the client that left the transaction open and fix it to commit or roll back.',
  },
  blocked: { title: 'A query is waiting for a lock', advice: 'Find the session that holds the lock; if it is stuck, end it.' },
  xid_age: {
    title: 'Transaction IDs are ageing towards wraparound',
    advice: 'Make sure autovacuum can freeze the oldest tables (no long transactions); plan a manual VACUUM FREEZE.',
  },
  sequence: {
    title: 'A sequence is close to its maximum',
    advice: 'Change the column and its sequence to bigint before inserts start to fail.',
  },
  invalid_index: {
    title: 'An index is invalid',
    advice: 'A concurrent index build failed. Drop it and build it again; until then queries cannot use it.',
  },
  invalid_constraint: {
    title: 'A constraint is not validated',
    advice: 'Rows written before it was added were never checked. Run ALTER TABLE … VALIDATE CONSTRAINT in a migration.',
  },
  cache_hit_rate: {
    title: 'Too many reads miss the cache',
    advice: 'The working set no longer fits in memory: look for queries reading whole tables, or move to a larger instance.',
  },
  needs_vacuum: {
    title: 'A table has many dead rows',
    advice: 'Autovacuum is falling behind; check for long transactions and consider tuning the table’s autovacuum settings.',
  },
};

/** Figures stay on one line ("37 ms", not "37 / ms"). */
const NUMBER = { whiteSpace: 'nowrap' } as const;

const SEVERITY_LABEL = { critical: 'Critical', warning: 'Warning' } as const;
const SEVERITY_COLOUR = { critical: 'red', warning: 'orange' } as const;
const LEVEL_COLOUR = { ERROR: 'red', WARN: 'orange', INFO: 'gray' } as const;

function HealthSection({ client }: { client: AccordClient }) {
  const query = useDatabaseHealth(client);
  return (
    <Section id="database-health" title="Health" intro="Connections, long and blocked queries, wraparound, sequences, invalid objects, the cache and vacuum.">
      <QueryView query={query} loading="Checking the database’s health…" errorTitle="The health checks could not be loaded">
        {(health) => (
          <Stack gap="4">
            <Text>
              {formatCount(health.connections.used)} of {formatCount(health.connections.max)} connections in use · cache hit rate{' '}
              {formatRatio(health.cache_hit_rate)} · transaction-ID age {formatCount(health.xid_age)} · checked{' '}
              {formatDayAndTime(health.checked_at)}
            </Text>
            {health.findings.length === 0 ? (
              <EmptyMessage title="No problems found">Every check passed.</EmptyMessage>
            ) : (
              <DataTable<HealthFinding>
                caption="Health findings"
                rows={health.findings}
                rowKey={(f) => `${f.check}-${f.subject}`}
                columns={[
                  {
                    key: 'severity',
                    label: 'Severity',
                    cell: (f) => <Badge colorPalette={SEVERITY_COLOUR[f.severity]}>{SEVERITY_LABEL[f.severity]}</Badge>,
                  },
                  { key: 'finding', label: 'Finding', unlabelledWhenStacked: true, cell: (f) => `${HEALTH_WORDS[f.check]?.title ?? f.check}: ${f.subject}` },
                  { key: 'advice', label: 'What to do', cell: (f) => HEALTH_WORDS[f.check]?.advice ?? '' },
                ]}
              />
            )}
          </Stack>
        )}
      </QueryView>
    </Section>
  );
}

function StatementTable({ caption, rows }: { caption: string; rows: QueryStat[] }) {
  return (
    <DataTable<QueryStat>
      caption={caption}
      rows={rows}
      rowKey={(s) => s.query_id}
      columns={[
        {
          key: 'query',
          label: 'Statement',
          unlabelledWhenStacked: true,
          cell: (s) => (
            // Four lines on screen; the whole text stays in the page for screen readers and copying.
            <Text fontFamily="mono" textStyle="xs" wordBreak="break-word" lineClamp={4} title={s.query}>
              {s.query}
            </Text>
          ),
        },
        { key: 'calls', label: 'Calls', alignEnd: true, cellProps: NUMBER, cell: (s) => formatCount(s.calls) },
        { key: 'rows', label: 'Rows', alignEnd: true, cellProps: NUMBER, cell: (s) => formatCount(s.rows) },
        { key: 'total', label: 'Total', alignEnd: true, cellProps: NUMBER, cell: (s) => formatMs(s.total_ms) },
        { key: 'mean', label: 'Mean', alignEnd: true, cellProps: NUMBER, cell: (s) => formatMs(s.mean_ms) },
        { key: 'hit', label: 'Cache hits', alignEnd: true, cellProps: NUMBER, cell: (s) => formatRatio(s.hit_ratio) },
      ]}
    />
  );
}

function QuerySection({ client }: { client: AccordClient }) {
  const query = useQueryStats(client);
  const withRecentCode = useRecentCode();
  const reset = useCommand({
    run: () => withRecentCode(() => resetQueryStatistics(client)),
    refresh: [databaseKeys.queries],
    success: () => ({ title: 'Query statistics reset' }),
  });
  return (
    <Section
      id="database-queries"
      title="Query performance"
      intro="The statements that cost the most time in all and per call, from pg_stat_statements. Literals, comments and utility statements are left out."
      action={
        <Button variant="outline" loading={reset.busy} loadingText="Resetting…" onClick={() => void reset.run()}>
          Reset statistics
        </Button>
      }
    >
      <Failure message={reset.error} />
      <QueryView
        query={query}
        loading="Loading the query statistics…"
        errorTitle="The query statistics could not be loaded"
        isEmpty={(stats) => !stats.available || (stats.by_total ?? []).length === 0}
        empty={<EmptyMessage title="No statements recorded yet">Statistics start again after a reset; come back once the network has been used.</EmptyMessage>}
      >
        {(stats) => (
          <Stack gap="4">
            <Text color="fg.muted">
              Since {formatDayAndTime(stats.stats_reset)} · {formatCount(stats.entries ?? 0)} statements recorded, {formatCount(stats.hidden ?? 0)} not
              shown (utility statements) · {formatCount(stats.evicted ?? 0)} evicted
            </Text>
            <Heading as="h3" textStyle="md">
              By total time
            </Heading>
            <StatementTable caption="Statements by total time" rows={stats.by_total ?? []} />
            <Heading as="h3" textStyle="md">
              By mean time
            </Heading>
            <StatementTable caption="Statements by mean time" rows={stats.by_mean ?? []} />
          </Stack>
        )}
      </QueryView>
    </Section>
  );
}

function SpaceSection({ client }: { client: AccordClient }) {
  const query = useDatabaseSpace(client);
  return (
    <Section id="database-space" title="Space and indexes" intro="The largest tables, and indexes that cost without helping or are missing.">
      <QueryView query={query} loading="Measuring tables and indexes…" errorTitle="The sizes could not be loaded">
        {(space) => (
          <Stack gap="4">
            <Text>
              The database takes {formatBytes(space.database_bytes)} in {formatCount(space.table_count)} tables. Index use counted since{' '}
              {formatDayAndTime(space.stats_since)}.
            </Text>
            <DataTable
              caption="Largest tables"
              rows={space.tables}
              rowKey={(t) => t.table}
              columns={[
                { key: 'table', label: 'Table', unlabelledWhenStacked: true, cell: (t) => t.table },
                { key: 'rows', label: 'Rows (estimate)', alignEnd: true, cell: (t) => formatCount(t.rows) },
                { key: 'data', label: 'Data', alignEnd: true, cell: (t) => formatBytes(t.table_bytes) },
                { key: 'indexes', label: 'Indexes', alignEnd: true, cell: (t) => formatBytes(t.index_bytes) },
              ]}
            />
            <Text>
              {space.unindexed_foreign_keys.length === 0
                ? 'Every foreign key has an index.'
                : `Foreign keys without an index (add one in a migration): ${space.unindexed_foreign_keys.map((k) => `${k.table} (${k.columns.join(', ')})`).join('; ')}.`}
            </Text>
            <Text>
              {space.duplicate_indexes.length === 0
                ? 'No duplicate indexes.'
                : `Duplicate indexes (drop all but one): ${space.duplicate_indexes.map((d) => d.indexes.join(' = ')).join('; ')}.`}
            </Text>
            <Text>
              {space.unused_indexes.length === 0
                ? 'Every index has been used.'
                : `${formatCount(space.unused_indexes.length)} indexes not used since statistics began (check before dropping: a rare report may need them): ${space.unused_indexes.map((i) => i.index).join(', ')}.`}
            </Text>
          </Stack>
        )}
      </QueryView>
    </Section>
  );
}

function AdvisorsSection({ client }: { client: AccordClient }) {
  const query = useDatabaseAdvisors(client);
  const withRecentCode = useRecentCode();
  const runNow = useCommand({
    run: () => withRecentCode(() => requestAdvisorRun(client)),
    refresh: [databaseKeys.advisors],
    success: () => ({ title: 'The advisors will run in a few seconds' }),
  });
  const [acknowledging, setAcknowledging] = useState<AdvisorFinding | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const acknowledge = useCommand({
    run: ({ finding, why }: { finding: AdvisorFinding; why: string }) => withRecentCode(() => acknowledgeAdvisorFinding(client, finding.cache_key, why)),
    refresh: [databaseKeys.advisors],
    success: () => ({ title: 'Finding acknowledged' }),
  });
  const submit = async () => {
    if ([...reason.trim()].length < 3 || [...reason.trim()].length > 500) {
      setReasonError('Say in 3 to 500 characters why this finding is accepted.');
      return;
    }
    setReasonError(null);
    const result = await acknowledge.run({ finding: acknowledging!, why: reason.trim() });
    if (result.ok) setAcknowledging(null);
  };
  return (
    <Section
      id="database-advisors"
      title="Advisors"
      intro="Supabase’s security and performance lints, run every night and on request."
      action={
        <Button variant="outline" loading={runNow.busy} loadingText="Asking…" onClick={() => void runNow.run()}>
          Run now
        </Button>
      }
    >
      <Failure message={runNow.error} />
      <QueryView query={query} loading="Loading the advisors’ findings…" errorTitle="The advisors’ findings could not be loaded">
        {(advisors) => (
          <Stack gap="4">
            <Text color={advisors.last_run?.status === 'failed' ? 'fg.error' : undefined}>
              {advisors.last_run === null
                ? 'The advisors have not run yet.'
                : advisors.last_run.status === 'failed'
                  ? `The last run failed: ${advisors.last_run.error ?? 'no reason given'}.`
                  : advisors.last_run.status === 'done'
                    ? `Last run ${formatDayAndTime(advisors.last_run.finished_at)}.`
                    : `A run asked for at ${formatDayAndTime(advisors.last_run.requested_at)} is under way; reload in a moment.`}
            </Text>
            {advisors.findings_run !== null && advisors.findings.length === 0 ? (
              <EmptyMessage title="No findings">The advisors found nothing to fix.</EmptyMessage>
            ) : (
              <DataTable<AdvisorFinding>
                caption="Advisors’ findings"
                rows={advisors.findings}
                rowKey={(f) => f.cache_key}
                columns={[
                  { key: 'level', label: 'Level', cell: (f) => <Badge colorPalette={LEVEL_COLOUR[f.level]}>{f.level}</Badge> },
                  { key: 'title', label: 'Finding', unlabelledWhenStacked: true, cell: (f) => <Stack gap="1"><Text fontWeight="medium">{f.title}</Text><Text textStyle="sm">{f.detail}</Text></Stack> },
                  {
                    key: 'ack',
                    label: 'Acknowledged',
                    cell: (f) =>
                      f.acknowledged ? (
                        `${f.acknowledged.reason} (${f.acknowledged.by ?? 'an administrator'}, ${formatDayAndTime(f.acknowledged.at)})`
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Acknowledge ${f.title}`}
                          onClick={() => {
                            setReason('');
                            setReasonError(null);
                            acknowledge.reset();
                            setAcknowledging(f);
                          }}
                        >
                          Acknowledge
                        </Button>
                      ),
                  },
                ]}
              />
            )}
          </Stack>
        )}
      </QueryView>
      <FormDialog
        open={acknowledging !== null}
        onOpenChange={(open) => (open ? undefined : setAcknowledging(null))}
        title="Acknowledge this finding"
        description={acknowledging ? `${acknowledging.title}: ${acknowledging.detail}` : undefined}
        submitLabel="Acknowledge"
        busyLabel="Acknowledging…"
        busy={acknowledge.busy}
        failure={acknowledge.error}
        failureTitle="The finding could not be acknowledged"
        onSubmit={() => void submit()}
      >
        <TextAreaField label="Why is it accepted?" name="reason" required value={reason} onChange={setReason} maxChars={500} error={reasonError ?? undefined} />
      </FormDialog>
    </Section>
  );
}

function SchemaSection({ client, expected }: { client: AccordClient; expected: string[] }) {
  const query = useDatabaseSchema(client);
  return (
    <Section id="database-schema" title="Schema" intro="Migrations applied against those this build expects, extensions, and row-level security on every exposed table.">
      <QueryView query={query} loading="Comparing the schema…" errorTitle="The schema could not be loaded">
        {(schema) => {
          const drift = compareMigrations(expected, schema.applied_migrations);
          const uncovered = schema.tables.filter((t) => !t.rls || t.policies === 0);
          return (
            <Stack gap="3">
              {drift === null ? (
                <Text color="fg.error">This database has no record of applied migrations.</Text>
              ) : drift.missing.length === 0 && drift.unexpected.length === 0 ? (
                <Text>All {formatCount(expected.length)} migrations this build expects are applied, and no other.</Text>
              ) : (
                <Text color="fg.error" role="status">
                  Schema drift: {drift.missing.length > 0 ? `not applied: ${drift.missing.join(', ')}. ` : ''}
                  {drift.unexpected.length > 0 ? `applied but unknown to this build: ${drift.unexpected.join(', ')}.` : ''}
                </Text>
              )}
              <Text color={uncovered.length > 0 ? 'fg.error' : undefined}>
                {uncovered.length === 0
                  ? `All ${formatCount(schema.tables.length)} exposed tables have row-level security and at least one policy.`
                  : `Exposed tables without row-level security or a policy: ${uncovered.map((t) => t.table).join(', ')}.`}
              </Text>
              <Text>
                Extensions:{' '}
                {schema.extensions
                  .map((e) => `${e.name} ${e.version}${e.default_version && e.default_version !== e.version ? ` (${e.default_version} available)` : ''}`)
                  .join(', ')}
                .
              </Text>
            </Stack>
          );
        }}
      </QueryView>
    </Section>
  );
}

export interface DatabasePageProps {
  /** Tests pass a fake client; the app uses the real one. */
  client?: AccordClient;
  /** The migration versions this build expects (tests pass their own). */
  expectedMigrations?: string[];
}

/** /admin/database (issue 27, decisions 075 and 077): the database's health, queries, space, advisors, backups and schema, read-only but for five actions. */
export default function DatabasePage({ client = supabase, expectedMigrations = EXPECTED_MIGRATIONS }: DatabasePageProps = {}) {
  const facts = useSessionFacts();
  // Every read refuses an administrator who has no second factor at all (decision 075); the session
  // already knows, so the page says so instead of asking five times to be refused.
  const withoutFactor = facts.status === 'signedIn' && facts.assurance.next !== 'aal2';
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <PageHeader
          eyebrow="Back office"
          title="Database"
          intro="Whether the network’s database is healthy, what costs it time and space, and whether it can be restored, and whether its schema is the one this build expects. Nothing here runs SQL you type."
        />
        {withoutFactor ? (
          <Text role="alert" color="fg.error">
            {SECOND_FACTOR_SETUP_MESSAGE}
          </Text>
        ) : (
          <RecentCodeProvider client={client}>
            <HealthSection client={client} />
            <QuerySection client={client} />
            <SpaceSection client={client} />
            <AdvisorsSection client={client} />
            <RecoverySection client={client} />
            <SchemaSection client={client} expected={expectedMigrations} />
            <OrganisationDataSection client={client} />
          </RecentCodeProvider>
        )}
      </Stack>
    </Container>
  );
}
