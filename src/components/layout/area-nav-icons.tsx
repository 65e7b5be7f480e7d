import { createIcon } from '@chakra-ui/react';
import { createElement, type ReactElement } from 'react';

import type { NavIconName } from '../../routes/routes';

// The side navigation's drawings, by the names the route table uses (NAV_ICONS).
// Inline like icons.tsx: an icon package would cost more than these few paths.
// Chakra's Icon marks them aria-hidden; each item's label carries the meaning.

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

// Passed as separate children of one group, so the parts need no keys.
const draw = (displayName: string, parts: ReactElement[]) =>
  createIcon({ displayName, viewBox: '0 0 24 24', path: createElement('g', null, ...parts) });

const p = (d: string) => <path {...stroke} d={d} />;
const circle = (cx: number, cy: number, r: number) => <circle {...stroke} cx={cx} cy={cy} r={r} />;
const rect = (x: number, y: number, width: number, height: number, rx = 2) => (
  <rect {...stroke} x={x} y={y} width={width} height={height} rx={rx} />
);

export const AREA_NAV_ICONS = {
  activity: draw('ActivityIcon', [p('M22 12h-4l-3 9L9 3l-3 9H2')]),
  bell: draw('BellIcon', [p('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9'), p('M10.3 21a1.94 1.94 0 0 0 3.4 0')]),
  book: draw('BookIcon', [p('M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20')]),
  briefcase: draw('BriefcaseIcon', [rect(2, 7, 20, 14), p('M16 21V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16')]),
  building: draw('BuildingIcon', [
    rect(4, 2, 16, 20),
    p('M9 22v-4h6v4M8 6h.01M12 6h.01M16 6h.01M8 10h.01M12 10h.01M16 10h.01M8 14h.01M12 14h.01M16 14h.01'),
  ]),
  chart: draw('ChartIcon', [p('M3 3v18h18'), p('M18 17V9M13 17V5M8 17v-3')]),
  compass: draw('CompassIcon', [circle(12, 12, 10), p('m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36z')]),
  'credit-card': draw('CreditCardIcon', [rect(2, 5, 20, 14), p('M2 10h20')]),
  dashboard: draw('DashboardIcon', [rect(3, 3, 7, 9, 1), rect(14, 3, 7, 5, 1), rect(14, 12, 7, 9, 1), rect(3, 16, 7, 5, 1)]),
  database: draw('DatabaseIcon', [
    <ellipse {...stroke} cx={12} cy={5} rx={9} ry={3} />,
    p('M3 5v14a9 3 0 0 0 18 0V5'),
    p('M3 12a9 3 0 0 0 18 0'),
  ]),
  folder: draw('FolderIcon', [p('M4 20h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-8l-2-3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2z')]),
  help: draw('HelpIcon', [circle(12, 12, 10), p('M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3'), p('M12 17h.01')]),
  inbox: draw('InboxIcon', [
    p('M22 12h-6l-2 3h-4l-2-3H2'),
    p('M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z'),
  ]),
  megaphone: draw('MegaphoneIcon', [p('m3 11 18-5v12L3 14v-3z'), p('M11.6 16.8a3 3 0 1 1-5.8-1.6')]),
  message: draw('MessageIcon', [p('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z')]),
  receipt: draw('ReceiptIcon', [
    p('M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1z'),
    p('M16 8h-6M16 12H8M13 16H8'),
  ]),
  schema: draw('SchemaIcon', [rect(3, 3, 6, 6, 1), rect(15, 15, 6, 6, 1), rect(3, 15, 6, 6, 1), p('M6 9v6M9 18h6M6 12h12v3')]),
  settings: draw('SettingsIcon', [p('M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6')]),
  tag: draw('TagIcon', [p('M12 2H2v10l9.29 9.29a1 1 0 0 0 1.41 0l8.59-8.59a1 1 0 0 0 0-1.41z'), p('M7 7h.01')]),
  users: draw('UsersIcon', [
    p('M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2'),
    circle(9, 7, 4),
    p('M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75'),
  ]),
} satisfies Record<NavIconName, ReturnType<typeof createIcon>>;
