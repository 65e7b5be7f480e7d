import { Button } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { UploadProgress, useUploadTracker } from '../../../components/upload-progress';
import type { Command } from '../../../components/use-command';
import type { NewInvestorDocument } from '../../../data/investor-content/create-investor-document';
import { INVESTOR_FILE_ACCEPT, investorFileProblem } from '../../../data/investor-content/investor-file';
import type { InvestorFolder, InvestorLevel } from '../../../data/investor-content/list-investor-library';
import { ResourceFileField } from '../../resources/resource-file-field';
import { DocumentFieldsForm, documentProblems, focusFirstProblem, type DocumentFields, type DocumentProblems } from './document-form';
import { FILE_RULES } from './format';

/** "Upload document": the file with its folder, title, description and level; checked before anything is sent. */
export function UploadDocumentDialog({ folders, create }: { folders: InvestorFolder[]; create: Command<NewInvestorDocument, string> }) {
  const empty: DocumentFields = { folderId: folders.length === 1 ? folders[0].id : '', title: '', description: '', level: '' };
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<DocumentFields>(empty);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<DocumentProblems>({});
  const upload = useUploadTracker();
  const reset = () => {
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
    const result = await create.run({
      folderId: fields.folderId,
      title: fields.title.trim(),
      description: fields.description.trim(),
      level: fields.level as InvestorLevel,
      file: file as File,
      tracking: upload.track(file as File),
    });
    upload.finish();
    if (result.ok) {
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
