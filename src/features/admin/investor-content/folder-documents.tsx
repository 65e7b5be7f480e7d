import { Box, Button, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';

import { DataTable, type Column } from '../../../components/data-table';
import { OpenFileButton } from '../../../components/open-file';
import { StatusBadge } from '../../../components/status-badge';
import type { Command } from '../../../components/use-command';
import type { AccordClient } from '../../../data/client';
import type { NewInvestorVersion } from '../../../data/investor-content/add-investor-document-version';
import { createInvestorFileUrl } from '../../../data/investor-content/create-investor-file-url';
import type { InvestorDocument, InvestorFolder } from '../../../data/investor-content/list-investor-library';
import type { InvestorDocumentDetails } from '../../../data/investor-content/update-investor-document';
import { formatDay, formatDayAndTime } from '../../../components/formats';
import { AccessLogDialog } from './access-log-dialog';
import { EditDocumentDialog } from './edit-document-dialog';
import { LEVELS, versionSummary } from './format';
import { NewDocumentVersionDialog } from './new-document-version-dialog';

/** Every version, newest first, each downloadable: what "replace" keeps. */
function VersionHistory({ client, document: doc }: { client: AccordClient; document: InvestorDocument }) {
  if (doc.versions.length === 0) return null;
  return (
    <chakra.details textStyle="sm" mt="1">
      <chakra.summary cursor="pointer" color="fg.muted">
        Version history ({doc.versions.length === 1 ? '1 version' : `${doc.versions.length} versions`})
      </chakra.summary>
      <Stack as="ol" listStyleType="none" gap="2" mt="2" ps="0">
        {doc.versions.map((v) => (
          <Flex as="li" key={v.id} gap="2" align="start" justify="space-between">
            <Box minW="0">
              <Text fontWeight="medium">
                Version {v.version}
                {v.id === doc.current?.id ? ' (current)' : ''} · {formatDayAndTime(v.uploadedAt)}
              </Text>
              <Text color="fg.muted" overflowWrap="anywhere">
                {v.fileName} · {versionSummary(v)}
              </Text>
            </Box>
            {/* The back office's own copy: not logged as an investor access. */}
            <OpenFileButton
              sign={() => createInvestorFileUrl(client, v.storagePath, v.fileName)}
              target="here"
              failureToast="The file was not downloaded"
              size="2xs"
              variant="ghost"
              loadingText="Preparing…"
              aria-label={`Download version ${v.version} of ${doc.title}`}
            >
              Download
            </OpenFileButton>
          </Flex>
        ))}
      </Stack>
    </chakra.details>
  );
}

export interface FolderCommands {
  addVersion: Command<NewInvestorVersion, string>;
  update: Command<InvestorDocumentDetails, void>;
  onDelete: (doc: InvestorDocument) => void;
}

/** One folder's documents: title, level, current version, size, updated, and what can be done with each. */
export function FolderDocuments({
  client,
  folder,
  folders,
  commands,
}: {
  client: AccordClient;
  folder: InvestorFolder;
  folders: InvestorFolder[];
  commands: FolderCommands;
}) {
  if (folder.documents.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        No documents in this folder yet.
      </Text>
    );
  }
  const columns: Column<InvestorDocument>[] = [
    {
      key: 'title',
      label: 'Document',
      unlabelledWhenStacked: true,
      cell: (d) => (
        <Stack gap="0.5" minW="0">
          <Heading as="h4" size="sm" wordBreak="break-word">
            {d.title}
          </Heading>
          {d.description ? (
            <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
              {d.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'level', label: 'Who sees it', cell: (d) => <StatusBadge status={d.level} map={LEVELS} /> },
    {
      key: 'version',
      label: 'Current version',
      cellProps: { minW: { md: '14rem' } },
      cell: (d) =>
        d.current ? (
          <Box minW="0">
            <Text>Version {d.current.version}</Text>
            <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
              {d.current.fileName}
            </Text>
            <VersionHistory client={client} document={d} />
          </Box>
        ) : (
          <Text color="fg.muted">No file yet: investors do not see it</Text>
        ),
    },
    { key: 'size', label: 'Size', cell: (d) => (d.current ? versionSummary(d.current) : '—'), cellProps: { whiteSpace: 'nowrap' } },
    { key: 'updated', label: 'Updated', cell: (d) => formatDay(d.updatedAt), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'actions',
      label: 'Actions',
      hideHeader: true,
      unlabelledWhenStacked: true,
      alignEnd: true,
      cell: (d) => (
        <Flex gap="2" wrap="wrap" direction={{ base: 'row', lg: 'column' }} align={{ base: 'center', lg: 'stretch' }} justify={{ base: 'start', md: 'end' }}>
          <NewDocumentVersionDialog document={d} addVersion={commands.addVersion} />
          <EditDocumentDialog document={d} folders={folders} update={commands.update} />
          <AccessLogDialog client={client} document={d} />
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => commands.onDelete(d)} aria-label={`Delete ${d.title}`}>
            Delete
          </Button>
        </Flex>
      ),
    },
  ];
  return <DataTable caption={`Documents in ${folder.name}`} columns={columns} rows={folder.documents} rowKey={(d) => d.id} />;
}
