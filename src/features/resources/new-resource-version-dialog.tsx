import { Button } from '@chakra-ui/react';
import { useState } from 'react';

import { FormDialog } from '../../components/dialogs';
import { TextField } from '../../components/form-fields';
import { UploadProgress, useUploadTracker } from '../../components/upload-progress';
import type { Command } from '../../components/use-command';
import type { Resource } from '../../data/resources/list-resources';
import { resourceFileProblem } from '../../data/resources/upload-resource-file';
import type { UploadTracking } from '../../data/storage-upload';
import { ResourceFileField } from './resource-file-field';

export interface NewVersion {
  resourceId: string;
  versionLabel: string;
  file: File;
  tracking?: UploadTracking;
}

/** "Replace file": a new version becomes the one members download; the older ones stay in the history. */
export function NewResourceVersionDialog({ resource, addVersion }: { resource: Resource; addVersion: Command<NewVersion, string> }) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ label?: string; file?: string }>({});
  const reset = () => {
    setLabel('');
    setFile(null);
    setProblems({});
    addVersion.reset();
  };

  const upload = useUploadTracker();

  async function submit() {
    const found: { label?: string; file?: string } = {};
    if (label.trim() === '') found.label = 'Enter the new version, e.g. 2.0.';
    else if ([...label.trim()].length > 40) found.label = 'A version can be at most 40 characters.';
    else if (resource.versions.some((v) => v.label === label.trim())) found.label = `Version ${label.trim()} already exists. Give the new file its own version.`;
    const fileProblem = file ? resourceFileProblem(file) : 'Choose the new file.';
    if (fileProblem) found.file = fileProblem;
    setProblems(found);
    if (found.label || found.file) {
      document.querySelector<HTMLElement>(`[role="dialog"] [name="${found.label ? 'versionLabel' : 'file'}"]`)?.focus();
      return;
    }
    const result = await addVersion.run({ resourceId: resource.id, versionLabel: label.trim(), file: file as File, tracking: upload.track(file as File) });
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
      trigger={
        <Button size="sm" variant="outline" aria-label={`Replace file of ${resource.title}`}>
          Replace file
        </Button>
      }
      title={`New version of “${resource.title}”`}
      description={
        resource.current
          ? `Members will download the new file instead of version ${resource.current.label}; earlier versions stay in the history.`
          : 'Members will download the new file; earlier versions stay in the history.'
      }
      submitLabel="Upload version"
      busyLabel="Uploading…"
      busyMessage={upload.state ? undefined : 'Uploading the file…'}
      busy={addVersion.busy}
      failure={addVersion.error}
      failureTitle="The new version was not saved"
      onSubmit={() => void submit()}
    >
      <TextField label="Version" name="versionLabel" required value={label} error={problems.label} onChange={setLabel} />
      <ResourceFileField file={file} error={problems.file} onChange={setFile} disabled={addVersion.busy} />
      <UploadProgress tracker={upload} />
    </FormDialog>
  );
}
