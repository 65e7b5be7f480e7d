import { Flex, Image } from '@chakra-ui/react';
import { useState } from 'react';

import { initialsOf } from './content-format';

export interface SolutionLogoProps {
  name: string;
  /** The logo's public URL in brand_assets, or null when the solution has none. */
  logoUrl: string | null;
  /** Edge length in pixels. */
  size: number;
  /** Alt text for the image; empty when the name is written next to it. */
  alt?: string;
}

/**
 * A solution's logo from the public brand_assets bucket, or a neutral mark
 * with its initials when it has none or the image cannot be loaded, so a
 * missing file never leaves a broken-image icon on the page.
 */
export function SolutionLogo({ name, logoUrl, size, alt = '' }: SolutionLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame = { boxSize: `${size}px`, flexShrink: 0, borderRadius: 'xl', borderWidth: '1px', borderColor: 'border.muted' } as const;

  if (logoUrl && failedUrl !== logoUrl) {
    return (
      <Image
        {...frame}
        src={logoUrl}
        alt={alt}
        htmlWidth={size}
        htmlHeight={size}
        fit="contain"
        bg="bg"
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(logoUrl)}
      />
    );
  }
  return (
    <Flex
      {...frame}
      aria-hidden="true"
      data-testid="solution-mark"
      align="center"
      justify="center"
      bg="bg.muted"
      color="fg.muted"
      fontWeight="bold"
      fontSize={`${Math.round(size * 0.36)}px`}
      letterSpacing="wide"
    >
      {initialsOf(name)}
    </Flex>
  );
}
