import { Button } from '@chakra-ui/react';
import { useRef, useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { UploadProgress, useUploadTracker } from '../../../components/upload-progress';
import type { Command } from '../../../components/use-command';
import type { NewInvestorDocument } from '../../../data/investor-content/create-investor-document';
import { INVESTOR_FILE_ACCEPT, investorFileProblem } from '../../../data/investor-content/investor-file';
import type { InvestorFolder, InvestorLevel } from '../../../data/investor-content/list-investor-library';
import { ResourceFileField } from '../../resources/resource-file-field';
import { DocumentFieldsForm, documentProblems, focusFirstProblem, type DocumentFields, type DocumentProblems } from './document-form';
import { FILE_RULES } from './format';

/**
 * "Upload document": the file with its folder, title, description and level;
 * checked before anything is sent. After a failed upload, Retry sends the file
 * into the document the first attempt recorded (so a large file resumes where
 * it stopped); closing the dialog instead discards that empty document.
 */
export function UploadDocumentDialog({
  folders,
  create,
  discard,
}: {
  folders: InvestorFolder[];
  create: Command<NewInvestorDocument, string>;
  discard: (documentId: string) => void;
}) {
  const empty: DocumentFields = { folderId: folders.length === 1 ? folders[0].id : '', title: '', description: '', level: '' };
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<DocumentFields>(empty);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<DocumentProblems>({});
  const upload = useUploadTracker();
  // The document a failed attempt recorded, with the fields it was recorded with.
  const recorded = useRef<{ id: string; fields: string } | null>(null);
  const reset = () => {
    if (recorded.current) discard(recorded.current.id);
    recorded.current = null;
    setFields(empty);
    setFile(null);
    setProblems({});
    create.reset();
  };

  async function submit() {
    const found = documentProblems(fields);
    const fileProblem = file ? investorFileProblem(file) : 'Choose the file to upload.';
    if (fileProblem) found.file = fileProblem;
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(found);
      return;
    }
    const document = {
      folderId: fields.folderId,
      title: fields.title.trim(),
      description: fields.description.trim(),
      level: fields.level as InvestorLevel,
    };
    const asRecorded = JSON.stringify(document);
    // Fields changed since the failed attempt: that document no longer says what this one should.
    if (recorded.current && recorded.current.fields !== asRecorded) {
      discard(recorded.current.id);
      recorded.current = null;
    }
    const result = await create.run({
      ...document,
      file: file as File,
      tracking: upload.track(file as File),
      documentId: recorded.current?.id,
      onRecorded: (id) => {
        recorded.current = id ? { id, fields: asRecorded } : null;
      },
    });
    upload.finish();
    if (result.ok) {
      recorded.current = null;
      setOpen(false);
      reset();
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={<Button disabled={folders.length === 0}>Upload document</Button>}
      title="Upload a document for investors"
      description="Investors see it as soon as it is uploaded: every investor, or only the data room."
      submitLabel={create.error ? 'Retry upload' : 'Upload'}
      busyLabel="Uploading…"
      busyMessage={upload.state ? undefined : 'Uploading the file…'}
      busy={create.busy}
      failure={create.error}
      failureTitle="The document was not uploaded"
      onSubmit={() => void submit()}
    >
      <DocumentFieldsForm fields={fields} problems={problems} folders={folders} onChange={setFields} />
      <ResourceFileField file={file} error={problems.file} onChange={setFile} disabled={create.busy} accept={INVESTOR_FILE_ACCEPT} rules={FILE_RULES} />
      <UploadProgress tracker={upload} />
    </FormDialog>
  );
}
