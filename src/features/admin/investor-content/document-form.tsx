import { TextAreaField, TextField, SelectField } from '../../../components/form-fields';
import type { InvestorFolder, InvestorLevel } from '../../../data/investor-content/list-investor-library';
import { LEVEL_OPTIONS } from './format';

export interface DocumentFields {
  folderId: string;
  title: string;
  description: string;
  level: InvestorLevel | '';
}

export type DocumentProblems = Partial<Record<keyof DocumentFields | 'file', string>>;

/** The form's own checks, before anything is sent (the database checks again). */
export function documentProblems(fields: DocumentFields): DocumentProblems {
  const found: DocumentProblems = {};
  if (fields.folderId === '') found.folderId = 'Choose the folder it goes in.';
  if (fields.title.trim() === '') found.title = 'Enter a title.';
  else if ([...fields.title.trim()].length > 200) found.title = 'A title can be at most 200 characters.';
  if ([...fields.description.trim()].length > 2000) found.description = 'A description can be at most 2,000 characters.';
  if (fields.level === '') found.level = 'Choose who may see it.';
  return found;
}

/** Folder, title, description and level: shared by the upload and edit dialogs. */
export function DocumentFieldsForm({
  fields,
  problems,
  folders,
  onChange,
}: {
  fields: DocumentFields;
  problems: DocumentProblems;
  folders: InvestorFolder[];
  onChange: (fields: DocumentFields) => void;
}) {
  return (
    <>
      <SelectField
        label="Folder"
        name="folderId"
        required
        value={fields.folderId}
        error={problems.folderId}
        placeholder="Choose a folder"
        options={folders.map((f) => ({ value: f.id, label: f.name }))}
        onChange={(folderId) => onChange({ ...fields, folderId })}
      />
      <TextField label="Title" name="title" required value={fields.title} error={problems.title} onChange={(title) => onChange({ ...fields, title })} />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        maxChars={2000}
        value={fields.description}
        error={problems.description}
        onChange={(description) => onChange({ ...fields, description })}
      />
      <SelectField
        label="Who may see it"
        name="level"
        required
        value={fields.level}
        error={problems.level}
        placeholder="Choose a level"
        hint="Data room documents open only for data-room investors who agreed to the current NDA."
        options={LEVEL_OPTIONS}
        onChange={(level) => onChange({ ...fields, level: level as InvestorLevel | '' })}
      />
    </>
  );
}

/** Focuses the first field with a problem, in the open dialog. */
export function focusFirstProblem(problems: DocumentProblems): void {
  const first = (['folderId', 'title', 'description', 'level', 'file'] as const).find((name) => problems[name]);
  if (!first) return;
  document.querySelector<HTMLElement>(`[role="dialog"] [name="${first}"]`)?.focus();
}
