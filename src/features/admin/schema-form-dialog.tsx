import { Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';

import { FormDialog } from '../../components/dialogs';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';
import type { Command } from '../../components/use-command';
import type { Json } from '../../data/database.types';
import type { VerificationSchemaDraft } from '../../data/verification-schemas/save-verification-schema';
import { ASSURANCE_LABELS, ASSURANCE_LEVELS, type AssuranceLevel, type VerificationSchema } from '../../data/verification-schemas/types';

const LEVEL_OPTIONS = ASSURANCE_LEVELS.map((level) => ({ value: level, label: ASSURANCE_LABELS[level] }));
const DESCRIPTION_MAX = 2000;
const ATTRIBUTES_MAX = 20000;
const VERSION = /^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$/;

/** What a new schema's attributes start as: a valid example to edit. */
export const ATTRIBUTES_TEMPLATE = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "family_name": { "type": "string" },
    "date_of_birth": { "type": "string", "format": "date" }
  },
  "required": ["family_name", "date_of_birth"]
}`;

interface Values {
  name: string;
  version: string;
  description: string;
  assuranceLevel: string;
  attributes: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function valuesOf(schema: VerificationSchema | null): Values {
  return schema
    ? {
        name: schema.name,
        version: schema.version,
        description: schema.description,
        assuranceLevel: schema.assuranceLevel,
        attributes: JSON.stringify(schema.attributes, null, 2),
      }
    : { name: '', version: '1.0', description: '', assuranceLevel: '', attributes: ATTRIBUTES_TEMPLATE };
}

/** The fields' own checks, as the database makes them; the attributes are checked by ajv after these. */
function check(values: Values): { errors: Errors; attributes: Json | null } {
  const errors: Errors = {};
  const name = values.name.trim();
  if (name.length < 2 || name.length > 120) errors.name = 'Give the schema a name of 2 to 120 characters.';
  if (!VERSION.test(values.version.trim())) errors.version = 'Give a version such as 1.0 or 2.1.3: numbers separated by dots.';
  const description = [...values.description.trim()].length;
  if (description === 0) errors.description = 'Describe what the check involves.';
  else if (description > DESCRIPTION_MAX) errors.description = 'Describe the check in at most 2,000 characters.';
  if (!values.assuranceLevel) errors.assuranceLevel = 'Choose the level of assurance.';
  let attributes: Json | null = null;
  if (values.attributes.length > ATTRIBUTES_MAX) {
    errors.attributes = 'The attributes schema is too long: at most 20,000 characters.';
  } else {
    try {
      attributes = JSON.parse(values.attributes) as Json;
    } catch (failure) {
      errors.attributes = `This is not valid JSON: ${failure instanceof Error ? failure.message : 'check the brackets, commas and quotes'}.`;
    }
  }
  return { errors, attributes };
}

export interface SchemaFormDialogProps {
  /** The draft to edit, or null for a new schema. */
  schema: VerificationSchema | null;
  open: boolean;
  onClose: () => void;
  save: Command<VerificationSchemaDraft, VerificationSchema>;
}

/**
 * Adds or edits a draft schema. The attributes are a JSON Schema, checked
 * here with ajv (loaded only when the form is sent, so the back office's
 * first load does not carry it) and again, structurally, by the database.
 */
export function SchemaFormDialog({ schema, open, onClose, save }: SchemaFormDialogProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(schema));
  const [errors, setErrors] = useState<Errors>({});
  const [checking, setChecking] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit() {
    const { errors: found, attributes } = check(values);
    if (!found.attributes && attributes !== null) {
      setChecking(true);
      try {
        const { attributesProblem } = await import('../../data/verification-schemas/validate-attributes');
        const problem = attributesProblem(attributes);
        if (problem) found.attributes = problem;
      } catch {
        found.attributes = 'The schema could not be checked. Check your connection and try again.';
      } finally {
        setChecking(false);
      }
    }
    setErrors(found);
    const firstError = Object.keys(found)[0];
    if (firstError) {
      fields.current?.querySelector<HTMLElement>(`[name="${firstError}"]`)?.focus();
      return;
    }
    const result = await save.run({
      id: schema?.id ?? null,
      name: values.name.trim(),
      version: values.version.trim(),
      description: values.description.trim(),
      assuranceLevel: values.assuranceLevel as AssuranceLevel,
      attributes,
    });
    if (result.ok) onClose();
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={schema ? `Edit ${schema.name} ${schema.version}` : 'Add a verification schema'}
      description="A new schema is a draft: only the back office sees it until you activate it. Once active it cannot be edited; publish a new version instead."
      submitLabel={schema ? 'Save draft' : 'Add draft'}
      busyLabel={checking ? 'Checking…' : 'Saving…'}
      busyMessage={checking ? 'Checking the attributes schema…' : 'Saving the schema…'}
      busy={save.busy || checking}
      failure={save.error}
      failureTitle="The schema was not saved"
      onSubmit={() => void submit()}
    >
      <Stack ref={fields} gap="4">
      <TextField label="Name" name="name" required value={values.name} onChange={set('name')} error={errors.name} hint="The kind of check: Passport, Diploma…" />
      <TextField label="Version" name="version" required value={values.version} onChange={set('version')} error={errors.version} />
      <TextAreaField
        label="Description"
        name="description"
        required
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        maxChars={DESCRIPTION_MAX}
        rows={3}
        hint="What the check involves, as a member reads it."
      />
      <SelectField
        label="Level of assurance"
        name="assuranceLevel"
        required
        value={values.assuranceLevel}
        onChange={set('assuranceLevel')}
        options={LEVEL_OPTIONS}
        placeholder="Choose a level"
        error={errors.assuranceLevel}
        hint="The trust framework's level a check under this schema reaches."
      />
      <TextAreaField
        label="Attributes (JSON Schema)"
        name="attributes"
        required
        value={values.attributes}
        onChange={set('attributes')}
        error={errors.attributes}
        maxChars={ATTRIBUTES_MAX}
        rows={12}
        hint="What a check establishes, as a JSON Schema 2020-12 of an object."
      />
      <Text textStyle="xs" color="fg.muted">
        Each property needs a type (string, number, integer, boolean, object, array or null), an enum or a format; names under “required” must be properties.
      </Text>
      </Stack>
    </FormDialog>
  );
}
