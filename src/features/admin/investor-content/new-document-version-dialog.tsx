import { Button } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { UploadProgress, useUploadTracker } from '../../../components/upload-progress';
import type { Command } from '../../../components/use-command';
import type { NewInvestorVersion } from '../../../data/investor-content/add-investor-document-version';
import { INVESTOR_FILE_ACCEPT, investorFileProblem } from '../../../data/investor-content/investor-file';
import type { InvestorDocument } from '../../../data/investor-content/list-investor-library';
import { ResourceFileField } from '../../resources/resource-file-field';
import { FILE_RULES } from './format';

/** "Replace with a new version": the new file becomes the one investors open; earlier versions stay listed. */
export function NewDocumentVersionDialog({ document: doc, addVersion }: { document: InvestorDocument; addVersion: Command<NewInvestorVersion, string> }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useUploadTracker();
  const next = (doc.versions[0]?.version ?? 0) + 1;

  async function submit() {
    const found = file ? investorFileProblem(file) : 'Choose the new file.';
    setProblem(found ?? undefined);
    if (found) {
      document.querySelector<HTMLElement>('[role="dialog"] [name="file"]')?.focus();
      return;
    }
    const result = await addVersion.run({ documentId: doc.id, file: file as File, tracking: upload.track(file as File) });
    upload.finish();
    if (result.ok) {
      setOpen(false);
      setFile(null);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        setFile(null);
        setProblem(undefined);
        addVersion.reset();
      }}
      trigger={
        <Button size="sm" variant="outline" aria-label={`${doc.current ? 'Replace with a new version' : 'Upload a file'}: ${doc.title}`}>
          {doc.current ? 'Replace with a new version' : 'Upload a file'}
        </Button>
      }
      title={`New version of “${doc.title}”`}
      description={
        doc.current
          ? `The file becomes version ${next}, the one investors open instead of version ${doc.current.version}. Earlier versions stay listed here.`
          : `The file becomes version ${next}, the one investors open.`
      }
      submitLabel={addVersion.error ? 'Retry upload' : 'Upload version'}
      busyLabel="Uploading…"
      busyMessage={upload.state ? undefined : 'Uploading the file…'}
      busy={addVersion.busy}
      failure={addVersion.error}
      failureTitle="The new version was not saved"
      onSubmit={() => void submit()}
    >
      <ResourceFileField file={file} error={problem} onChange={setFile} disabled={addVersion.busy} accept={INVESTOR_FILE_ACCEPT} rules={FILE_RULES} />
      <UploadProgress tracker={upload} />
    </FormDialog>
  );
}
