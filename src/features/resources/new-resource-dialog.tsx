import { Button } from '@chakra-ui/react';
import { useState } from 'react';

import { SECTORS } from '../../../machines/sectors';
import { FormDialog } from '../../components/dialogs';
import { CheckboxChoices, SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { UploadProgress, useUploadTracker } from '../../components/upload-progress';
import type { Command } from '../../components/use-command';
import type { NewResource } from '../../data/resources/create-resource';
import type { OrganizationSector, ResourceAudience } from '../../data/resources/list-resources';
import { resourceFileProblem } from '../../data/resources/upload-resource-file';
import { ResourceFileField } from './resource-file-field';

const AUDIENCES = [
  { value: 'all_members', label: 'Every member organisation' },
  { value: 'sectors', label: 'Only chosen sectors' },
] as const;
const SECTOR_OPTIONS = SECTORS.map(([value, label]) => ({ value: value as OrganizationSector, label }));

interface Fields {
  title: string;
  description: string;
  category: string;
  versionLabel: string;
  audience: ResourceAudience;
  sectors: OrganizationSector[];
  file: File | null;
}
type Problems = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { title: '', description: '', category: '', versionLabel: '1.0', audience: 'all_members', sectors: [], file: null };

/** What is wrong with the form, field by field (the RPC checks the same again). */
export function newResourceProblems(f: Fields): Problems {
  const p: Problems = {};
  if (f.title.trim() === '') p.title = 'Enter a title.';
  else if ([...f.title.trim()].length > 200) p.title = 'A title can be at most 200 characters.';
  if ([...f.description.trim()].length > 2000) p.description = 'A description can be at most 2,000 characters.';
  if (f.category.trim() === '') p.category = 'Enter a category, e.g. Checklists or Templates.';
  else if ([...f.category.trim()].length > 80) p.category = 'A category can be at most 80 characters.';
  if (f.versionLabel.trim() === '') p.versionLabel = 'Enter a version, e.g. 1.0.';
  else if ([...f.versionLabel.trim()].length > 40) p.versionLabel = 'A version can be at most 40 characters.';
  if (f.audience === 'sectors' && f.sectors.length === 0) p.sectors = 'Choose at least one sector.';
  if (!f.file) p.file = 'Choose the file to publish.';
  else {
    const problem = resourceFileProblem(f.file);
    if (problem) p.file = problem;
  }
  return p;
}

/** "Add resource": title, description, category, version, audience and the file; saved unpublished. */
export function NewResourceDialog({ create, categories }: { create: Command<NewResource, string>; categories: string[] }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const reset = () => {
    setFields(EMPTY);
    setProblems({});
    create.reset();
  };

  const upload = useUploadTracker();

  async function submit() {
    const found = newResourceProblems(fields);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      // The first field with a problem takes the focus, so its message is read out.
      document.querySelector<HTMLElement>(`[role="dialog"] [name="${first}"]`)?.focus();
      return;
    }
    const result = await create.run({
      title: fields.title.trim(),
      description: fields.description.trim(),
      category: fields.category.trim(),
      versionLabel: fields.versionLabel.trim(),
      audience: fields.audience,
      sectors: fields.sectors,
      file: fields.file as File,
      tracking: upload.track(fields.file as File),
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
      trigger={<Button>Add resource</Button>}
      title="Add a resource"
      description="It is saved unpublished: members see it once you publish it."
      submitLabel="Upload resource"
      busyLabel="Uploading…"
      busyMessage={upload.state ? undefined : 'Uploading the file…'}
      busy={create.busy}
      failure={create.error}
      failureTitle="The resource was not added"
      onSubmit={() => void submit()}
    >
      <TextField label="Title" name="title" required value={fields.title} error={problems.title} onChange={(v) => set('title', v)} />
      <TextAreaField label="Description" name="description" value={fields.description} error={problems.description} onChange={(v) => set('description', v)} maxChars={2000} rows={3} />
      <TextField
        label="Category"
        name="category"
        required
        value={fields.category}
        error={problems.category}
        onChange={(v) => set('category', v)}
        hint={categories.length > 0 ? `In use: ${categories.join(', ')}.` : 'Members browse resources by category.'}
      />
      <TextField label="Version" name="versionLabel" required value={fields.versionLabel} error={problems.versionLabel} onChange={(v) => set('versionLabel', v)} />
      <SelectField
        label="Who may see it"
        name="audience"
        required
        placeholder="Choose…"
        value={fields.audience}
        options={AUDIENCES}
        onChange={(v) => set('audience', (v || 'all_members') as ResourceAudience)}
      />
      {fields.audience === 'sectors' ? (
        <CheckboxChoices label="Sectors" name="sectors" options={SECTOR_OPTIONS} value={fields.sectors} error={problems.sectors} onChange={(v) => set('sectors', v)} />
      ) : null}
      <ResourceFileField file={fields.file} error={problems.file} onChange={(file) => set('file', file)} disabled={create.busy} />
      <UploadProgress tracker={upload} />
    </FormDialog>
  );
}

