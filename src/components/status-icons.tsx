import { createIcon } from '@chakra-ui/react';

// Outcome icons for result screens (invitation acceptance, empty and error
// states). Inline paths, like icons.tsx, so no icon package joins the bundle.

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CheckCircleIcon = createIcon({
  displayName: 'CheckCircleIcon',
  viewBox: '0 0 24 24',
  path: [<circle key="ring" {...stroke} cx="12" cy="12" r="9" />, <path key="tick" {...stroke} d="m8 12.5 2.5 2.5L16 9.5" />],
});

export const ShieldCheckIcon = createIcon({
  displayName: 'ShieldCheckIcon',
  viewBox: '0 0 24 24',
  path: [
    <path key="shield" {...stroke} d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z" />,
    <path key="tick" {...stroke} d="m9 12 2 2 4-4" />,
  ],
});

export const AlertTriangleIcon = createIcon({
  displayName: 'AlertTriangleIcon',
  viewBox: '0 0 24 24',
  path: [
    <path key="triangle" {...stroke} d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
    <path key="mark" {...stroke} d="M12 9v4m0 3.5v.01" />,
  ],
});

export const LockIcon = createIcon({
  displayName: 'LockIcon',
  viewBox: '0 0 24 24',
  path: [
    <rect key="body" {...stroke} x="5" y="11" width="14" height="10" rx="2" />,
    <path key="shackle" {...stroke} d="M8 11V7a4 4 0 0 1 8 0v4" />,
  ],
});

export const UserPlusIcon = createIcon({
  displayName: 'UserPlusIcon',
  viewBox: '0 0 24 24',
  path: [
    <circle key="head" {...stroke} cx="9" cy="8" r="4" />,
    <path key="body" {...stroke} d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1" />,
    <path key="plus" {...stroke} d="M19 8v6m-3-3h6" />,
  ],
});
