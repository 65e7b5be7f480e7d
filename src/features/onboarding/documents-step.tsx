import { Box, Button, chakra, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useId, type ChangeEvent } from 'react';

import { FILE_RULES, type DocumentKind, type UploadedFile } from '../../../machines/onboarding-form';
import { CheckCircleIcon } from '../../components/status-icons';
import { UploadProgress } from '../../components/upload-progress';
import { publicObjectUrl } from '../../data/public-storage';
import type { OnboardingFlow } from './use-onboarding';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const FileInput = chakra('input', {
  base: {
    width: '100%',
    fontSize: 'sm',
    cursor: 'pointer',
    '&::file-selector-button': {
      marginInlineEnd: '3',
      paddingInline: '4',
      paddingBlock: '2',
      borderRadius: 'l2',
      borderWidth: '1px',
      borderColor: 'border',
      background: 'bg',
      fontWeight: 'medium',
      cursor: 'pointer',
    },
    _focusVisible: { outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' },
  },
});

interface UploadFieldProps {
  flow: OnboardingFlow;
  kind: DocumentKind;
  label: string;
  hint: string;
  required: boolean;
  file: UploadedFile | null;
}

function UploadField({ flow, kind, label, hint, required, file }: UploadFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = flow.errors[kind];
  const uploading = flow.uploading === kind;
  const busy = flow.uploading !== null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared, so choosing the same file again after a failure still fires a change.
    event.target.value = '';
    if (chosen) flow.chooseFile(kind, chosen);
  };

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '5' }} borderColor={error ? 'border.error' : 'border'}>
      <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden="true">
            {' '}
            *
          </Text>
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            (optional)
          </Text>
        )}
      </chakra.label>
      <Text id={hintId} textStyle="xs" color="fg.muted">
        {hint}
      </Text>
      {file && !uploading ? (
        <Flex align="center" gap="3" wrap="wrap" bg="bg.subtle" borderRadius="l2" p="3">
          {kind === 'logo' ? (
            <Image src={publicObjectUrl('brand_assets', file.path)} alt="" boxSize="10" objectFit="contain" bg="white" borderRadius="sm" />
          ) : (
            <CheckCircleIcon boxSize="5" color="brand.solid" aria-hidden="true" />
          )}
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {file.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              Uploaded · {formatBytes(file.size)}
            </Text>
          </Box>
          <Button size="sm" variant="outline" onClick={() => flow.removeFile(kind)} disabled={busy} aria-label={`Remove ${file.name}`}>
            Remove
          </Button>
        </Flex>
      ) : null}
      {uploading && flow.upload.state ? (
        <UploadProgress tracker={flow.upload} />
      ) : uploading ? (
        <Stack gap="1.5" role="status" aria-live="polite">
          <Text textStyle="sm">Uploading…</Text>
          <chakra.progress aria-label={`Uploading ${label.toLowerCase()}`} width="100%" height="2" css={{ accentColor: 'var(--chakra-colors-brand-700)' }} />
        </Stack>
      ) : (
        <FileInput
          id={id}
          type="file"
          name={kind}
          accept={FILE_RULES[kind].types.join(',')}
          onChange={choose}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-label={file ? `Replace ${label.toLowerCase()}` : undefined}
        />
      )}
      {error ? (
        <Text id={errorId} textStyle="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Step 4: proof of registration (private to reviewers) and an optional logo (public, shown in the registry). */
export function DocumentsStep({ flow }: { flow: OnboardingFlow }) {
  return (
    <Stack gap="5">
      <UploadField
        flow={flow}
        kind="proof"
        label="Proof of registration"
        hint="A certificate of incorporation or a recent extract from the company register. PDF, PNG or JPEG, up to 10 MB. Only reviewers can open it."
        required
        file={flow.values.proof}
      />
      <UploadField
        flow={flow}
        kind="logo"
        label="Logo"
        hint="Shown next to your organisation in the public trust registry once you are approved. PNG or JPEG, up to 1 MB."
        required={false}
        file={flow.values.logo}
      />
    </Stack>
  );
}
