import { Button } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import type { Command } from '../../../components/use-command';
import type { InvestorDocument, InvestorFolder, InvestorLevel } from '../../../data/investor-content/list-investor-library';
import type { InvestorDocumentDetails } from '../../../data/investor-content/update-investor-document';
import { DocumentFieldsForm, documentProblems, focusFirstProblem, type DocumentFields, type DocumentProblems } from './document-form';

/** "Edit": folder, title, description and level of a document. */
export function EditDocumentDialog({
  document: doc,
  folders,
  update,
}: {
  document: InvestorDocument;
  folders: InvestorFolder[];
  update: Command<InvestorDocumentDetails, void>;
}) {
  const initial: DocumentFields = { folderId: doc.folderId, title: doc.title, description: doc.description ?? '', level: doc.level };
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<DocumentFields>(initial);
  const [problems, setProblems] = useState<DocumentProblems>({});

  async function submit() {
    const found = documentProblems(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(found);
      return;
    }
    const result = await update.run({
      documentId: doc.id,
      folderId: fields.folderId,
      title: fields.title.trim(),
      description: fields.description.trim(),
      level: fields.level as InvestorLevel,
    });
    if (result.ok) setOpen(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFields(initial);
        setProblems({});
        update.reset();
      }}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Edit ${doc.title}`}>
          Edit
        </Button>
      }
      title={`Edit “${doc.title}”`}
      description="Changing who may see it takes effect at once."
      submitLabel="Save"
      busyLabel="Saving…"
      busy={update.busy}
      failure={update.error}
      failureTitle="The document was not changed"
      onSubmit={() => void submit()}
    >
      <DocumentFieldsForm fields={fields} problems={problems} folders={folders} onChange={setFields} />
    </FormDialog>
  );
}
