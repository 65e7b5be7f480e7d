import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

import { formatLongDate } from '../../components/formats';
import { useSignedUrl } from '../../components/open-file';
import type { AccordClient } from '../../data/client';
import { DataError } from '../../data/errors';
import type { InvestorDocument, InvestorFolder } from '../../data/data-room/list-investor-documents';
import { openInvestorDocument, type DocumentAction } from '../../data/data-room/open-investor-document';
import { RESOURCE_FILE_TYPES } from '../../data/resources/upload-resource-file';

/** How long a stamped copy's object URL lives: long enough for the new tab or the download to read it. */
const OBJECT_URL_MS = 60_000;

const KB = 1024;
const MB = KB * KB;
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** "4.8 MB", "310 KB": how much the reader will download. */
function sizeText(bytes: number): string {
  if (bytes >= MB) return `${oneDecimal.format(bytes / MB)} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

/** "Version 2 · PDF · 1.2 MB · updated 24 November 2026". */
export function documentLine(document: InvestorDocument): string {
  const type = RESOURCE_FILE_TYPES[document.version.contentType] ?? 'File';
  return `Version ${document.version.number} · ${type} · ${sizeText(document.version.sizeBytes)} · updated ${formatLongDate(new Date(document.updatedAt))}`;
}

/**
 * Opening and downloading through the open-investor-document function. A PDF
 * comes back stamped for the reader: "Open" shows it in a new tab through an
 * object URL; "Download" saves it. Other types come back as a signed URL that
 * works for a minute. `onNdaRequired` hears a refusal for want of the current NDA.
 */
function useDocumentCommands(client: AccordClient, onNdaRequired?: () => void) {
  const file = useSignedUrl<{ document: InvestorDocument; action: DocumentAction }>({
    sign: async ({ document, action }) => {
      const opened = await openInvestorDocument(client, document.version.id, action);
      if (opened.kind !== 'pdf') return opened.url;
      const url = URL.createObjectURL(opened.file);
      window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
      return url;
    },
    target: ({ document, action }) => (action === 'open' ? 'tab' : { save: document.version.fileName }),
    failureToast: ({ action }) => (action === 'open' ? 'The document was not opened' : 'The document was not downloaded'),
    onFailure: (failure) => {
      if (failure instanceof DataError && failure.code === 'nda_required') onNdaRequired?.();
    },
  });
  const busy = file.pending ? `${file.pending.document.id}:${file.pending.action}` : null;
  const run = (document: InvestorDocument, action: DocumentAction) => file.open({ document, action });
  return { busy, run };
}

function DocumentRow({
  document,
  busy,
  run,
}: {
  document: InvestorDocument;
  busy: string | null;
  run: (document: InvestorDocument, action: DocumentAction) => Promise<void>;
}) {
  const titleId = useId();
  return (
    <Stack as="li" aria-labelledby={titleId} gap="2" p="4" borderWidth="1px" borderRadius="lg" bg="bg" minW="0">
      <Heading as="h3" size="md" id={titleId} wordBreak="break-word">
        {document.title}
      </Heading>
      {document.description ? (
        <Text color="fg.muted" wordBreak="break-word">
          {document.description}
        </Text>
      ) : null}
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          {documentLine(document)}
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => void run(document, 'open')}
            loading={busy === `${document.id}:open`}
            loadingText="Opening…"
            aria-label={`Open ${document.title}`}
          >
            Open
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void run(document, 'download')}
            loading={busy === `${document.id}:download`}
            loadingText="Preparing…"
            aria-label={`Download ${document.title}`}
          >
            Download
          </Button>
        </Flex>
      </Flex>
    </Stack>
  );
}

/** A flat list of documents (the dashboard's), each with Open and Download. */
export function InvestorDocumentList({
  client,
  documents,
  onNdaRequired,
}: {
  client: AccordClient;
  documents: InvestorDocument[];
  onNdaRequired?: () => void;
}) {
  const { busy, run } = useDocumentCommands(client, onNdaRequired);
  return (
    <Stack as="ul" listStyleType="none" gap="3" m="0" p="0">
      {documents.map((d) => (
        <DocumentRow key={d.id} document={d} busy={busy} run={run} />
      ))}
    </Stack>
  );
}

/** The data room's folders, each a section with its documents. */
export function InvestorFolderList({
  client,
  folders,
  onNdaRequired,
}: {
  client: AccordClient;
  folders: InvestorFolder[];
  onNdaRequired?: () => void;
}) {
  const { busy, run } = useDocumentCommands(client, onNdaRequired);
  return (
    <Stack gap="8">
      {folders.map((folder) => (
        <Box as="section" key={folder.id} aria-label={folder.name}>
          <Heading as="h2" size="lg" mb="3" wordBreak="break-word">
            {folder.name}
          </Heading>
          <Stack as="ul" listStyleType="none" gap="3" m="0" p="0">
            {folder.documents.map((d) => (
              <DocumentRow key={d.id} document={d} busy={busy} run={run} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
