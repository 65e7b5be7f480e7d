import { createIcon } from '@chakra-ui/react';

// A handful of inline icons: an icon package would add far more to the bundle
// than these few paths. Chakra's Icon marks them aria-hidden.

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const MenuIcon = createIcon({
  displayName: 'MenuIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />,
});

export const ChevronDownIcon = createIcon({
  displayName: 'ChevronDownIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="m6 9 6 6 6-6" />,
});

export const ArrowRightIcon = createIcon({
  displayName: 'ArrowRightIcon',
  viewBox: '0 0 24 24',
  path: <path {...stroke} d="M5 12h14m-6-6 6 6-6 6" />,
});

export const MailIcon = createIcon({
  displayName: 'MailIcon',
  viewBox: '0 0 24 24',
  path: [
    <rect key="body" {...stroke} x="3" y="5" width="18" height="14" rx="2" />,
    <path key="flap" {...stroke} d="m3 7 9 6 9-6" />,
  ],
});

/** The Accord mark: two overlapping rings, two parties that accept each other. */
export const AccordMark = createIcon({
  displayName: 'AccordMark',
  viewBox: '0 0 32 32',
  path: [
    <rect key="tile" width="32" height="32" rx="8" fill="var(--chakra-colors-brand-800)" />,
    <circle key="left" cx="12.5" cy="16" r="6.5" fill="none" stroke="var(--chakra-colors-brand-200)" strokeWidth="2.5" />,
    <circle key="right" cx="19.5" cy="16" r="6.5" fill="none" stroke="white" strokeWidth="2.5" />,
  ],
});
