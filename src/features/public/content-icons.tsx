import { createIcon } from '@chakra-ui/react';

// The published-content pages' few extra icons, inline like src/components/icons.tsx.
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CheckIcon = createIcon({
  displayName: 'CheckIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="m5 12.5 4.5 4.5L19 7.5" />,
});

export const ArrowLeftIcon = createIcon({
  displayName: 'ArrowLeftIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="M19 12H5m6 6-6-6 6-6" />,
});

export const ExternalLinkIcon = createIcon({
  displayName: 'ExternalLinkIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
});
