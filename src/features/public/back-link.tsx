import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ArrowLeftIcon } from './content-icons';

/** "← All updates": the way back from a detail view to its list. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" textStyle="sm" gap="1.5">
      <RouterLink to={to}>
        <ArrowLeftIcon boxSize="4" />
        {children}
      </RouterLink>
    </Link>
  );
}
