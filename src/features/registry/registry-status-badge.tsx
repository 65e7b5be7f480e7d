import { Badge } from '@chakra-ui/react';

import type { RegistryStatus } from '../../data/registry/types';
import { STATUS_LABELS } from './registry-labels';

const PALETTES: Record<RegistryStatus, string> = { active: 'green', suspended: 'orange', revoked: 'red' };

/** The status in words and colour; the words alone carry the meaning. */
export function RegistryStatusBadge({ status, size = 'md' }: { status: RegistryStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle" size={size} flexShrink={0}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
