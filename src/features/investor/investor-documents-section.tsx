import { Stack } from '@chakra-ui/react';

import { SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { supabase, type AccordClient } from '../../data/client';
import { useInvestorDocuments, type InvestorFolder } from '../../data/data-room/list-investor-documents';
import { InvestorDocumentList } from './investor-document-list';

/** The lite documents of every folder, in the folders' order: the data room's own have their page. */
function liteDocuments(folders: InvestorFolder[]) {
  return folders.flatMap((f) => f.documents.filter((d) => d.level === 'lite'));
}

/** The investor dashboard's documents: what every investor may read, opened through the same function as the data room's. */
export function InvestorDocumentsSection({ client = supabase }: { client?: AccordClient }) {
  const documents = useInvestorDocuments(client);
  return (
    <Stack as="section" aria-labelledby="investor-documents" gap="4">
      <SectionHeader
        id="investor-documents"
        title="Documents"
        intro="Reports and presentations for investors. Every document you open is recorded, and PDFs carry your e-mail address."
      />
      <QueryView
        query={documents}
        loading="Loading documents…"
        errorTitle="The documents could not be loaded"
        staleErrorTitle="The documents could not be refreshed"
        isEmpty={(folders) => liteDocuments(folders).length === 0}
        empty={<EmptyMessage title="No documents yet">The Accord team adds reports for investors here.</EmptyMessage>}
      >
        {(folders) => <InvestorDocumentList client={client} documents={liteDocuments(folders)} />}
      </QueryView>
    </Stack>
  );
}
