import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';

import { ConfirmDialog } from '../../components/dialogs';
import { PageHeader, SectionHeader } from '../../components/page-header';
import { EmptyMessage, QueryView } from '../../components/query-view';
import { useCommand } from '../../components/use-command';
import { useConfirm } from '../../components/use-confirm';
import { supabase, type AccordClient } from '../../data/client';
import { addInvestorDocumentVersion, type NewInvestorVersion } from '../../data/investor-content/add-investor-document-version';
import { createInvestorDocument, discardInvestorDocument, type NewInvestorDocument } from '../../data/investor-content/create-investor-document';
import { createInvestorFolder } from '../../data/investor-content/create-investor-folder';
import { deleteInvestorDocument } from '../../data/investor-content/delete-investor-document';
import { deleteInvestorFolder } from '../../data/investor-content/delete-investor-folder';
import { investorContentKeys } from '../../data/investor-content/keys';
import { useInvestorLibrary, type InvestorDocument, type InvestorFolder } from '../../data/investor-content/list-investor-library';
import { renameInvestorFolder } from '../../data/investor-content/rename-investor-folder';
import { updateInvestorDocument, type InvestorDocumentDetails } from '../../data/investor-content/update-investor-document';
import { FolderDocuments } from './investor-content/folder-documents';
import { FolderNameDialog } from './investor-content/folder-name-dialog';
import { LEVELS } from './investor-content/format';
import { NdaSection } from './investor-content/nda-section';
import { UpdatesSection } from './investor-content/updates-section';
import { UploadDocumentDialog } from './investor-content/upload-document-dialog';

const REFRESH = [investorContentKeys.library];

/**
 * /admin/investor-content: documents for investors in folders (upload, replace
 * with a new version keeping the old, edit, who opened each), the NDA, and the
 * investor updates. Every change is decided and recorded by the database
 * (decision 060).
 */
export default function InvestorContentPage({ client = supabase }: { client?: AccordClient } = {}) {
  const library = useInvestorLibrary(client);

  const create = useCommand({
    run: (input: NewInvestorDocument) => createInvestorDocument(client, input),
    refresh: REFRESH,
    success: (_, input) => ({
      title: 'Document uploaded',
      description: `“${input.title}” is now available to ${input.level === 'lite' ? 'every investor' : 'data-room investors who agreed to the NDA'}.`,
    }),
  });
  // An empty document a failed upload left for its Retry, which the person gave up on.
  const discard = useCommand({ run: (documentId: string) => discardInvestorDocument(client, documentId), refresh: REFRESH });
  const addVersion = useCommand({
    run: (input: NewInvestorVersion) => addInvestorDocumentVersion(client, input),
    refresh: REFRESH,
    success: () => ({ title: 'New version uploaded', description: 'Investors now open the new file; the earlier versions stay in the history.' }),
  });
  const update = useCommand({
    run: (input: InvestorDocumentDetails) => updateInvestorDocument(client, input),
    refresh: REFRESH,
    success: (_, input) => ({ title: 'Document saved', description: `“${input.title}” is for: ${LEVELS[input.level].label.toLowerCase()}.` }),
  });
  const saveFolder = useCommand({
    run: async ({ folderId, name }: { folderId: string | null; name: string }): Promise<void> => {
      if (folderId) await renameInvestorFolder(client, { folderId, name });
      else await createInvestorFolder(client, name);
    },
    refresh: REFRESH,
    success: (_, input) => ({ title: input.folderId ? 'Folder renamed' : 'Folder added', description: `“${input.name}”` }),
  });
  const removeDocument = useCommand({
    run: (doc: InvestorDocument) => deleteInvestorDocument(client, doc.id),
    refresh: REFRESH,
    success: (leftBehind, doc) =>
      leftBehind === 0
        ? { title: 'Document deleted', description: `“${doc.title}” and its files are gone.` }
        : { type: 'warning', title: 'Document deleted', description: `“${doc.title}” is gone; ${leftBehind} of its files could not be removed from storage, but nobody can open them.` },
  });
  const deletingDocument = useConfirm(removeDocument);
  const removeFolder = useCommand({
    run: (folder: InvestorFolder) => deleteInvestorFolder(client, folder.id),
    refresh: REFRESH,
    success: (_, folder) => ({ title: 'Folder deleted', description: `“${folder.name}”` }),
  });
  const deletingFolder = useConfirm(removeFolder);

  const folders = library.data ?? [];

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '10', md: '12' }}>
        <PageHeader
          eyebrow="Back office"
          title="Investor content"
          intro="Documents for investors in folders, each for every investor or for the data room only; the NDA data-room investors agree to; and the updates on the investor dashboard."
        />
        <Stack as="section" aria-labelledby="documents-heading" gap="4">
          <SectionHeader
            id="documents-heading"
            title="Documents"
            intro="Every investor sees the documents for every investor; data-room documents open only for data-room investors who agreed to the current NDA."
            actions={
              library.data ? (
                <Flex gap="2" wrap="wrap">
                  <FolderNameDialog save={saveFolder} />
                  <UploadDocumentDialog folders={folders} create={create} discard={(id) => void discard.run(id)} />
                </Flex>
              ) : null
            }
          />
          <QueryView
            query={library}
            loading="Loading the documents…"
            errorTitle="The documents could not be loaded"
            staleErrorTitle="The documents could not be refreshed"
            isEmpty={(all) => all.length === 0}
            empty={<EmptyMessage title="No folders yet">Add a folder with “Add folder”, then upload the first document into it.</EmptyMessage>}
          >
            {(all) => (
              <Stack gap="8">
                {all.map((folder) => (
                  <Stack as="section" key={folder.id} aria-labelledby={`folder-${folder.id}`} gap="3">
                    <Flex gap="2" align={{ base: 'start', sm: 'center' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
                      <Stack gap="0">
                        <Heading as="h3" size="lg" id={`folder-${folder.id}`} wordBreak="break-word">
                          {folder.name}
                        </Heading>
                        <Text textStyle="sm" color="fg.muted">
                          {folder.documents.length === 1 ? '1 document' : `${folder.documents.length} documents`}
                        </Text>
                      </Stack>
                      <Flex gap="2">
                        <FolderNameDialog folder={folder} save={saveFolder} triggerProps={{ size: 'sm', 'aria-label': `Rename folder ${folder.name}` }} />
                        <Button size="sm" variant="ghost" colorPalette="red" onClick={() => deletingFolder.ask(folder)} aria-label={`Delete folder ${folder.name}`}>
                          Delete folder
                        </Button>
                      </Flex>
                    </Flex>
                    <FolderDocuments
                      client={client}
                      folder={folder}
                      folders={all}
                      commands={{ addVersion, update, onDelete: deletingDocument.ask }}
                    />
                  </Stack>
                ))}
              </Stack>
            )}
          </QueryView>
        </Stack>
        <NdaSection client={client} />
        <UpdatesSection client={client} />
      </Stack>
      <ConfirmDialog
        {...deletingDocument.dialog}
        title="Delete this document?"
        description={`“${deletingDocument.subject?.title ?? ''}” and all its versions will be deleted; investors can no longer open it. Who opened it stays in the activity log. This cannot be undone.`}
        confirmLabel="Delete document"
        busyLabel="Deleting…"
        destructive
        failureTitle="The document was not deleted"
      />
      <ConfirmDialog
        {...deletingFolder.dialog}
        title="Delete this folder?"
        description={
          deletingFolder.subject && deletingFolder.subject.documents.length > 0
            ? `“${deletingFolder.subject.name}” still holds documents. Move or delete them first.`
            : `“${deletingFolder.subject?.name ?? ''}” is empty and will be deleted.`
        }
        confirmLabel="Delete folder"
        busyLabel="Deleting…"
        destructive
        failureTitle="The folder was not deleted"
      />
    </Container>
  );
}
