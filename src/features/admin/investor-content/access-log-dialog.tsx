import { Button, CloseButton, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { DataTable, type Column } from '../../../components/data-table';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import type { AccordClient } from '../../../data/client';
import { ACCESS_LOG_PAGE_SIZE, useDocumentAccessLog, type AccessLogEntry } from '../../../data/investor-content/get-document-access-log';
import type { InvestorDocument } from '../../../data/investor-content/list-investor-library';
import { formatDayAndTime } from '../../../components/formats';

const ACTIONS: Record<AccessLogEntry['action'], string> = { open: 'Opened', download: 'Downloaded' };

const columns: Column<AccessLogEntry>[] = [
  {
    key: 'who',
    label: 'Who',
    unlabelledWhenStacked: true,
    cell: (e) => (
      <Stack gap="0" minW="0">
        <Text fontWeight="medium">{e.name ?? e.email ?? 'A deleted account'}</Text>
        {e.name && e.email ? (
          <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
            {e.email}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'what', label: 'What', cell: (e) => (e.version ? `${ACTIONS[e.action]} version ${e.version}` : ACTIONS[e.action]) },
  { key: 'when', label: 'When', cell: (e) => formatDayAndTime(e.occurredAt), cellProps: { whiteSpace: 'nowrap' } },
];

/** One page of the log, read from the database only while the dialog is open. */
function AccessLog({ client, document: doc }: { client: AccordClient; document: InvestorDocument }) {
  const [page, setPage] = useState(0);
  const log = useDocumentAccessLog(doc.id, page, client);
  return (
    <QueryView
      query={log}
      loading="Loading who opened it…"
      errorTitle="The access log could not be loaded"
      isEmpty={(p) => p.total === 0}
      empty={<EmptyMessage title="Nobody has opened it yet">Every time an investor opens or downloads it, it is listed here.</EmptyMessage>}
    >
      {(p) => {
        const pages = Math.max(1, Math.ceil(p.total / ACCESS_LOG_PAGE_SIZE));
        return (
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {p.total === 1 ? '1 time' : `${p.total} times`}, newest first{pages > 1 ? ` · page ${page + 1} of ${pages}` : ''}
            </Text>
            <DataTable caption={`Who opened ${doc.title}`} columns={columns} rows={p.entries} rowKey={(e) => e.id} />
            {pages > 1 ? (
              <Flex gap="2" justify="space-between">
                <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  Older
                </Button>
              </Flex>
            ) : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}

/** "Who opened it": the document's access log (name, e-mail, what, when), paged by the database. */
export function AccessLogDialog({ client, document: doc }: { client: AccordClient; document: InvestorDocument }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" size={{ mdDown: 'full', md: 'lg' }} scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Who opened it: ${doc.title}`}>
          Who opened it
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Who opened “{doc.title}”</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{open ? <AccessLog client={client} document={doc} /> : null}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
