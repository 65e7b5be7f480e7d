import { Badge, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { DataTable } from '../../components/data-table';
import { FormDialog } from '../../components/dialogs';
import { TextField } from '../../components/form-fields';
import { formatCount, formatDay, formatDayAndTime } from '../../components/formats';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import type { AccordClient } from '../../data/client';
import {
  approveErasure,
  cancelErasure,
  exportOrganisation,
  organisationDataKeys,
  requestErasure,
  useErasureRequests,
  useOrganisationSearch,
  type ErasureRequest,
  type OrganisationExport,
  type OrganisationMatch,
} from '../../data/admin/organisation-data';
import { Failure, Section } from './database-page-parts';
import { useRecentCode } from './recent-code';

/** Where an erasure request stands, in words. */
export function erasureState(request: ErasureRequest): { label: string; colour: string } {
  if (request.executed_at) return { label: `Erased on ${formatDay(request.executed_at)}`, colour: 'gray' };
  if (request.cancelled_at) return { label: `Cancelled on ${formatDay(request.cancelled_at)}`, colour: 'gray' };
  if (request.approved_at) return { label: `Erasing on ${formatDay(request.due_at)}`, colour: 'red' };
  return { label: 'Waiting for a second administrator', colour: 'orange' };
}

function ExportReady({ archive }: { archive: { name: string; export: OrganisationExport } }) {
  const rows = archive.export.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  return (
    <Stack gap="1" role="status">
      <Text>
        {archive.name}: {formatCount(archive.export.manifest.tables.length)} tables, {formatCount(rows)} rows and{' '}
        {formatCount(archive.export.manifest.files.length)} files.
      </Text>
      <Link href={archive.export.url} download={archive.export.fileName} colorPalette="blue" fontWeight="medium">
        Download {archive.export.fileName}
      </Link>
      <Text textStyle="sm" color="fg.muted">
        The link works for 15 minutes; the archive is deleted after 7 days.
      </Text>
    </Stack>
  );
}

function ErasureList({ client }: { client: AccordClient }) {
  const query = useErasureRequests(client);
  const withRecentCode = useRecentCode();
  const approve = useCommand({
    run: (request: ErasureRequest) => withRecentCode(() => approveErasure(client, request.id)),
    refresh: [organisationDataKeys.erasures],
    success: (_due, request) => ({ title: `Erasure of ${request.organization_name} approved` }),
  });
  const cancel = useCommand({
    run: (request: ErasureRequest) => withRecentCode(() => cancelErasure(client, request.id)),
    refresh: [organisationDataKeys.erasures],
    success: (_none, request) => ({ title: `Erasure of ${request.organization_name} cancelled` }),
  });
  return (
    <Stack gap="3">
      <Failure message={approve.error ?? cancel.error} />
      <QueryView
        query={query}
        loading="Loading erasure requests…"
        errorTitle="The erasure requests could not be loaded"
        isEmpty={(requests) => requests.length === 0}
        empty={<EmptyMessage title="No erasure requests">Requests appear here until they are carried out or cancelled.</EmptyMessage>}
      >
        {(requests) => (
          <DataTable<ErasureRequest>
            caption="Erasure requests"
            rows={requests}
            rowKey={(r) => String(r.id)}
            columns={[
              { key: 'organisation', label: 'Organisation', unlabelledWhenStacked: true, cell: (r) => r.organization_name },
              {
                key: 'requested',
                label: 'Requested',
                cell: (r) => `${r.requested_by_me ? 'By you' : `By ${r.requested_by ?? 'an administrator'}`}, ${formatDayAndTime(r.requested_at)}`,
              },
              {
                key: 'state',
                label: 'State',
                cell: (r) => {
                  const state = erasureState(r);
                  // Wraps on a phone: "Waiting for a second administrator" is wider than a 360 px card.
                  return (
                    <Badge colorPalette={state.colour} whiteSpace="normal">
                      {state.label}
                    </Badge>
                  );
                },
              },
              {
                key: 'actions',
                label: 'Actions',
                cell: (r) =>
                  r.executed_at || r.cancelled_at ? null : (
                    <Stack direction="row" gap="2" wrap="wrap">
                      {r.approved_at === null && !r.requested_by_me ? (
                        <Button
                          size="sm"
                          colorPalette="red"
                          loading={approve.pending?.id === r.id}
                          aria-label={`Approve the erasure of ${r.organization_name}`}
                          onClick={() => void approve.run(r)}
                        >
                          Approve
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        loading={cancel.pending?.id === r.id}
                        aria-label={`Cancel the erasure of ${r.organization_name}`}
                        onClick={() => void cancel.run(r)}
                      >
                        Cancel
                      </Button>
                    </Stack>
                  ),
              },
            ]}
          />
        )}
      </QueryView>
    </Stack>
  );
}

/** "Organisation data" on /admin/database (decision 076): find an organisation, export it, request, approve or cancel its erasure. */
export function OrganisationDataSection({ client }: { client: AccordClient }) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const search = useOrganisationSearch(term, client);
  const withRecentCode = useRecentCode();
  const [archive, setArchive] = useState<{ name: string; export: OrganisationExport } | null>(null);
  const exporting = useCommand({
    run: (org: OrganisationMatch) => withRecentCode(() => exportOrganisation(client, org.id)),
    success: (_archive, org) => ({ title: `Export of ${org.name} ready` }),
  });
  const [erasing, setErasing] = useState<OrganisationMatch | null>(null);
  const [confirmName, setConfirmName] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const request = useCommand({
    run: ({ org, name }: { org: OrganisationMatch; name: string }) => withRecentCode(() => requestErasure(client, org.id, name)),
    refresh: [organisationDataKeys.erasures],
    success: (_id, { org }) => ({ title: `Erasure of ${org.name} requested`, description: 'A second administrator must approve it.' }),
  });

  const runExport = async (org: OrganisationMatch) => {
    setArchive(null);
    const result = await exporting.run(org);
    if (result.ok) setArchive({ name: org.name, export: result.value });
  };
  const submitErasure = async () => {
    if (confirmName !== erasing!.name) {
      setConfirmError('Type the organisation’s name exactly as shown.');
      return;
    }
    setConfirmError(null);
    const result = await request.run({ org: erasing!, name: confirmName });
    if (result.ok) setErasing(null);
  };

  return (
    <Section
      id="database-organisation-data"
      title="Organisation data"
      intro="Everything the network holds about one organisation, as an archive; or its erasure, approved by a second administrator and carried out after 7 days."
    >
      <Stack
        as="form"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'end' }}
        gap="3"
        onSubmit={(event) => {
          event.preventDefault();
          setTerm(typed);
        }}
      >
        <TextField label="Organisation name" name="organisation" value={typed} onChange={setTyped} placeholder="Part of its name" />
        <Button type="submit" variant="outline">
          Find
        </Button>
      </Stack>
      {term.trim() !== '' ? (
        <QueryView
          query={search}
          loading="Looking for organisations…"
          errorTitle="The organisations could not be searched"
          isEmpty={(matches) => matches.length === 0}
          empty={<EmptyMessage title="No organisation found">No organisation’s name contains “{term.trim()}”.</EmptyMessage>}
        >
          {(matches) => (
            <DataTable<OrganisationMatch>
              caption="Organisations found"
              rows={matches}
              rowKey={(o) => o.id}
              columns={[
                {
                  key: 'name',
                  label: 'Organisation',
                  unlabelledWhenStacked: true,
                  cell: (o) => (o.erased_at ? `${o.name} (erased on ${formatDay(o.erased_at)})` : o.name),
                },
                {
                  key: 'actions',
                  label: 'Actions',
                  cell: (o) => (
                    <Stack direction="row" gap="2" wrap="wrap">
                      <Button
                        size="sm"
                        variant="outline"
                        loading={exporting.pending?.id === o.id}
                        loadingText="Exporting…"
                        aria-label={`Export ${o.name}`}
                        onClick={() => void runExport(o)}
                      >
                        Export
                      </Button>
                      {o.erased_at ? null : (
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          aria-label={`Request the erasure of ${o.name}`}
                          onClick={() => {
                            setConfirmName('');
                            setConfirmError(null);
                            request.reset();
                            setErasing(o);
                          }}
                        >
                          Erase…
                        </Button>
                      )}
                    </Stack>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      ) : null}
      <Failure message={exporting.error} />
      {archive ? <ExportReady archive={archive} /> : null}
      <ErasureList client={client} />
      <FormDialog
        open={erasing !== null}
        onOpenChange={(open) => (open ? undefined : setErasing(null))}
        title={erasing ? `Erase ${erasing.name}?` : 'Erase'}
        description="Its members’ personal data, applications, conversations and files are removed 7 days after a second administrator approves. Issued invoices are kept as the law requires, and the registry keeps a “removed” entry."
        submitLabel="Request erasure"
        busyLabel="Requesting…"
        busy={request.busy}
        failure={request.error}
        failureTitle="The erasure could not be requested"
        onSubmit={() => void submitErasure()}
      >
        <TextField
          label="Type the organisation’s name to confirm"
          name="confirm-name"
          required
          value={confirmName}
          onChange={setConfirmName}
          error={confirmError ?? undefined}
        />
      </FormDialog>
    </Section>
  );
}
