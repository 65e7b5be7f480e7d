import { Box, Image } from '@chakra-ui/react';
import { useState } from 'react';

import { registryLogoUrl } from '../../data/registry/logo-url';
import { initialsOf } from './registry-labels';

/**
 * The organisation's logo from the public brand_assets bucket, or a neutral
 * mark with its initials when it has none (or the image fails). Decorative: the
 * name is always written next to it.
 */
export function OrganizationMark({ name, logoPath, size = '12' }: { name: string; logoPath: string | null; size?: string }) {
  const [failed, setFailed] = useState(false);
  if (logoPath && !failed) {
    return (
      <Image
        src={registryLogoUrl(logoPath)}
        alt=""
        boxSize={size}
        objectFit="contain"
        borderRadius="l2"
        borderWidth="1px"
        borderColor="border.muted"
        bg="white"
        flexShrink={0}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      boxSize={size}
      flexShrink={0}
      borderRadius="l2"
      bg="brand.subtle"
      color="brand.fg"
      borderWidth="1px"
      borderColor="brand.muted"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontWeight="bold"
      letterSpacing="wide"
      fontSize={size === '12' ? 'md' : 'xl'}
    >
      {initialsOf(name) || '·'}
    </Box>
  );
}
