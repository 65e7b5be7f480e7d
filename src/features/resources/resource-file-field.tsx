import { chakra, Stack, Text } from '@chakra-ui/react';
import { useId, type RefObject } from 'react';

import { RESOURCE_FILE_ACCEPT } from '../../data/resources/upload-resource-file';
import { fileSize } from './resource-format';

const FileInput = chakra('input', {
  base: { width: '100%', fontSize: 'sm', cursor: 'pointer', minW: 0 },
});

export interface ResourceFileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** What the picker offers; resources' types by default. */
  accept?: string;
  /** The rules in the hint; resources' by default. */
  rules?: string;
}

/** The file of a version: a labelled native file input, its rules in the hint and its problem tied to it. */
export function ResourceFileField({
  file,
  onChange,
  error,
  disabled,
  inputRef,
  accept = RESOURCE_FILE_ACCEPT,
  rules = 'PDF, Word (.docx), Excel (.xlsx) or PNG, up to 20 MB.',
}: ResourceFileFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
        File
        <Text as="span" color="fg.error" aria-hidden="true">
          {' '}
          *
        </Text>
      </chakra.label>
      <FileInput
        ref={inputRef}
        id={id}
        name="file"
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <Text id={hintId} textStyle="xs" color="fg.muted">
        {rules}{file ? ` Chosen: ${file.name} (${fileSize(file.size)}).` : ''}
      </Text>
      {error ? (
        <Text id={errorId} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
