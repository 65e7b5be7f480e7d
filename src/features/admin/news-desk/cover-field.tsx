import { AspectRatio, Box, Button, chakra, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useId, useRef } from 'react';

import { TextField } from '../../../components/form-fields';
import { COVER_ACCEPT, COVER_ALT_MAX } from '../../../data/news-desk/upload-cover';

const FileInput = chakra('input', {
  base: { width: '100%', fontSize: 'sm', cursor: 'pointer', minW: 0 },
});

export interface CoverFieldProps {
  /** What to show: a data: address of a chosen file, or the stored cover's public address; null for no cover. */
  previewUrl: string | null;
  alt: string;
  onChoose: (file: File | null) => void;
  onAltChange: (alt: string) => void;
  onRemove: () => void;
  error?: string | undefined;
  altError?: string | undefined;
}

/**
 * The update's cover image: a labelled native file input (its rules in the
 * hint, its problem tied to it), the image as it will appear, its description
 * and a way to remove it. Nothing is uploaded until the update is saved.
 */
export function CoverField({ previewUrl, alt, onChoose, onAltChange, onRemove, error, altError }: CoverFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack as="fieldset" gap="3" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0">
      <Text as="legend" fontWeight="medium" textStyle="sm" px="1">
        Cover image{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          (optional)
        </Text>
      </Text>
      {previewUrl ? (
        <Stack gap="3">
          <AspectRatio ratio={16 / 9} maxW="md" borderRadius="md" overflow="hidden" bg="bg.muted">
            <Image src={previewUrl} alt={alt.trim() ? `Preview: ${alt.trim()}` : 'Preview of the chosen cover image'} objectFit="cover" />
          </AspectRatio>
          <TextField
            label="Describe the image"
            name="coverAlt"
            required
            value={alt}
            onChange={onAltChange}
            error={altError}
            hint={`What it shows, for people who cannot see it (read aloud by screen readers), at most ${COVER_ALT_MAX} characters.`}
          />
          <Flex>
            <Button
              variant="outline"
              size="sm"
              colorPalette="red"
              onClick={() => {
                if (input.current) input.current.value = '';
                onRemove();
              }}
            >
              Remove the cover
            </Button>
          </Flex>
        </Stack>
      ) : null}
      <Box>
        <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm" display="block" mb="1.5">
          {previewUrl ? 'Choose another image' : 'Choose an image'}
        </chakra.label>
        <FileInput
          ref={input}
          id={id}
          name="cover"
          type="file"
          accept={COVER_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        />
        <Text id={hintId} textStyle="xs" color="fg.muted" mt="1.5">
          PNG, JPEG or WebP, up to 2 MB. Shown wide (16:9) above the article and beside it in the list of updates.
        </Text>
        {error ? (
          <Text id={errorId} textStyle="xs" color="fg.error" mt="1">
            {error}
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
