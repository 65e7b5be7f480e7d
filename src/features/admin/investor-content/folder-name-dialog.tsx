import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { TextField } from '../../../components/form-fields';
import type { Command } from '../../../components/use-command';

/** "Add folder" (no folder given) or "Rename" (a folder given): one name, checked before it is sent. */
export function FolderNameDialog({
  folder,
  save,
  triggerProps,
}: {
  folder?: { id: string; name: string };
  save: Command<{ folderId: string | null; name: string }, unknown>;
  triggerProps?: ButtonProps;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(folder?.name ?? '');
  const [problem, setProblem] = useState<string | undefined>();

  async function submit() {
    const trimmed = name.trim();
    const found = trimmed === '' ? 'Enter a name.' : [...trimmed].length > 120 ? 'A folder name can be at most 120 characters.' : undefined;
    setProblem(found);
    if (found) {
      document.querySelector<HTMLElement>('[role="dialog"] [name="folderName"]')?.focus();
      return;
    }
    const result = await save.run({ folderId: folder?.id ?? null, name: trimmed });
    if (result.ok) setOpen(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setName(folder?.name ?? '');
        setProblem(undefined);
        save.reset();
      }}
      trigger={
        <Button variant="outline" {...triggerProps}>
          {folder ? 'Rename' : 'Add folder'}
        </Button>
      }
      title={folder ? `Rename “${folder.name}”` : 'Add a folder'}
      description={folder ? undefined : 'Folders group the documents investors see; an investor sees a folder only when it holds a document they may open.'}
      submitLabel={folder ? 'Rename' : 'Add folder'}
      busyLabel="Saving…"
      busy={save.busy}
      failure={save.error}
      failureTitle={folder ? 'The folder was not renamed' : 'The folder was not added'}
      onSubmit={() => void submit()}
    >
      <TextField label="Folder name" name="folderName" required value={name} error={problem} onChange={setName} />
    </FormDialog>
  );
}
