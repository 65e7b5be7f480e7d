import { matchPath } from 'react-router-dom';

import type { AccessKind, SignedInFacts } from '../../machines/access';

/**
 * Who may open a route. The guard (route-guard.tsx), the router, the nav bar and
 * the route tests all read it from this table.
 *
 * - public: anyone.
 * - auth: sign-in machinery that needs a session or a sign-in link, not a role.
 * - member: a signed-in member of an approved organisation (spec §6).
 * - admin: system administrators only.
 * - stakeholder: stakeholders only.
 * - investor:lite / investor:data_room: investors with that access level.
 */
export type RouteKind = AccessKind;

/** The two signed-in areas with a side navigation of their own: the member area and the back office. */
export type Area = 'member' | 'admin';

/** The side navigation's groups, in the order each area shows them. */
export const AREA_SECTIONS = {
  member: ['Organisation', 'Inbox', 'Guidance', 'Account'],
  admin: ['Overview', 'Network', 'Investors and stakeholders', 'Content', 'Billing', 'System', 'Account'],
} as const satisfies Record<Area, readonly string[]>;

export type AreaSection = (typeof AREA_SECTIONS)[Area][number];

/**
 * The icons the side navigation may show, by name: the table stays plain data
 * and the navigation maps each name to its drawing.
 */
export const NAV_ICONS = [
  'activity',
  'bell',
  'book',
  'briefcase',
  'building',
  'chart',
  'compass',
  'credit-card',
  'dashboard',
  'database',
  'folder',
  'help',
  'inbox',
  'megaphone',
  'message',
  'receipt',
  'schema',
  'settings',
  'tag',
  'users',
] as const;

export type NavIconName = (typeof NAV_ICONS)[number];

/** A count the side navigation shows beside an item once later work supplies it. */
export type UnreadSlot = 'messages' | 'notifications';

/** An item of an area's side navigation. The area is the route's kind (member or admin). */
export interface AreaNavItem {
  section: AreaSection;
  label: string;
  icon: NavIconName;
  unread?: UnreadSlot;
}

/**
 * One route, as plain data. The table imports no page, so anything may read it
 * (the session, the guards, the navigation) without pulling in every page and
 * closing an import circle back to itself; the pages' code is loaded by
 * page-loaders.ts, beside the router (decision 029).
 */
export interface AppRoute {
  /** react-router path; `:name` marks a parameter. Also the route's id (page-loaders.ts). */
  path: string;
  kind: RouteKind;
  /** Shown in the browser tab as "<title> — Accord". */
  title: string;
  /** Present when the route is an item of the main navigation bar. */
  nav?: { label: string; order: number };
  /**
   * Present when the route is an item of its area's side navigation (the
   * member area's ten pages, the back office's seventeen); items show in the
   * table's order, grouped by section in AREA_SECTIONS' order.
   */
  areaNav?: AreaNavItem;
  /**
   * Renders with what every visitor already has (the lean Chakra system, no
   * SWR): the home page, which must fit the 150 KiB first-load budget. Its
   * heavier parts load lazily and bring their own (see router.tsx).
   */
  lean?: true;
  /**
   * The page reads nothing through SWR (the sign-in screens): its chunk loads
   * without the data query defaults, 6 KiB less for a visitor (issue 29).
   */
  noQueries?: true;
  /**
   * Built into its own HTML file at build time (scripts/prerender.ts), as an
   * anonymous visitor sees it, so it is readable before any JavaScript runs;
   * the browser then hydrates it. Only parameterless public pages qualify.
   */
  prerender?: true;
}

/** THE route table: every route of spec §2, each exactly once. */
const ROUTE_TABLE = [
  // Public site
  {
    path: '/',
    kind: 'public',
    prerender: true,
    title: 'Home',
    nav: { label: 'Home', order: 1 },
    lean: true,
  },
  { path: '/about', kind: 'public', prerender: true, title: 'About', nav: { label: 'About', order: 2 } },
  {
    path: '/framework',
    kind: 'public',
    prerender: true,
    title: 'Trust Framework',
    nav: { label: 'Trust Framework', order: 3 },
  },
  { path: '/use-cases/education', kind: 'public', prerender: true, title: 'Education' },
  { path: '/use-cases/healthcare', kind: 'public', prerender: true, title: 'Healthcare' },
  {
    path: '/use-cases/online-registration',
    kind: 'public',
    prerender: true,
    title: 'Online registration',
  },
  {
    path: '/use-cases/cross-border-verification',
    kind: 'public',
    prerender: true,
    title: 'Cross-border verification',
  },
  { path: '/pricing', kind: 'public', prerender: true, title: 'Pricing', nav: { label: 'Pricing', order: 4 } },
  { path: '/news', kind: 'public', prerender: true, title: 'Updates', nav: { label: 'Updates', order: 5 } },
  { path: '/api-guide', kind: 'public', prerender: true, title: 'API guide' },
  {
    path: '/ecosystem',
    kind: 'public',
    prerender: true,
    title: 'Ecosystem solutions',
    nav: { label: 'Ecosystem', order: 7 },
  },
  { path: '/ecosystem/:solutionId', kind: 'public', title: 'Solution' },
  { path: '/trust-registry', kind: 'public', prerender: true, title: 'Trust registry' },
  { path: '/trust-registry/verify', kind: 'public', prerender: true, title: 'Verify a credential' },
  {
    path: '/trust-registry/:id',
    kind: 'public',
    title: 'Organisation profile',
  },
  { path: '/privacy', kind: 'public', prerender: true, title: 'Privacy policy' },
  { path: '/terms', kind: 'public', prerender: true, title: 'Terms of service' },

  // Sign-in, onboarding and invitations
  { path: '/login', kind: 'public', prerender: true, noQueries: true, title: 'Member login' },
  { path: '/accord-login', kind: 'public', prerender: true, noQueries: true, title: 'Administrator login' },
  { path: '/onboarding', kind: 'public', prerender: true, title: 'Join the network' },
  {
    path: '/application-submitted',
    kind: 'public',
    title: 'Application submitted',
  },
  {
    path: '/accept-invitation',
    kind: 'public',
    prerender: true,
    title: 'Accept invitation',
  },
  { path: '/auth/callback', kind: 'auth', title: 'Signing in' },
  {
    path: '/admin/accept-invitation',
    kind: 'auth',
    title: 'Administrator invitation',
  },

  // Investors
  {
    path: '/investors',
    kind: 'public',
    prerender: true,
    title: 'Investors',
    nav: { label: 'Investors', order: 6 },
  },
  { path: '/investors/access', kind: 'public', prerender: true, title: 'Investor access' },
  {
    path: '/investor/dashboard',
    kind: 'investor:lite',
    title: 'Investor dashboard',
  },
  {
    path: '/investor/data-room',
    kind: 'investor:data_room',
    title: 'Data room',
  },
  { path: '/investor/settings', kind: 'investor:lite', title: 'Account settings' },

  // Stakeholders
  {
    path: '/stakeholder/dashboard',
    kind: 'stakeholder',
    title: 'Stakeholder dashboard',
  },
  {
    path: '/stakeholder/analytics',
    kind: 'stakeholder',
    title: 'Stakeholder analytics',
  },
  { path: '/stakeholder/settings', kind: 'stakeholder', title: 'Account settings' },

  // Back office (system administrators): the back office's navigation, in this order.
  { path: '/admin/dashboard', kind: 'admin', title: 'Admin dashboard', areaNav: { section: 'Overview', label: 'Dashboard', icon: 'dashboard' } },
  {
    path: '/admin/network-activity',
    kind: 'admin',
    title: 'Network activity',
    areaNav: { section: 'Overview', label: 'Network activity', icon: 'activity' },
  },
  { path: '/admin/applications', kind: 'admin', title: 'Applications', areaNav: { section: 'Network', label: 'Applications', icon: 'inbox' } },
  { path: '/admin/tenants', kind: 'admin', title: 'Tenants', areaNav: { section: 'Network', label: 'Tenants', icon: 'building' } },
  { path: '/admin/users', kind: 'admin', title: 'Users', areaNav: { section: 'Network', label: 'Users', icon: 'users' } },
  { path: '/admin/messages', kind: 'admin', title: 'Messages', areaNav: { section: 'Network', label: 'Messages', icon: 'message', unread: 'messages' } },
  {
    path: '/admin/stakeholder-data',
    kind: 'admin',
    title: 'Stakeholder data',
    areaNav: { section: 'Investors and stakeholders', label: 'Stakeholder data', icon: 'chart' },
  },
  {
    path: '/admin/investors',
    kind: 'admin',
    title: 'Investors',
    areaNav: { section: 'Investors and stakeholders', label: 'Investors', icon: 'briefcase' },
  },
  {
    path: '/admin/investor-content',
    kind: 'admin',
    title: 'Investor content',
    areaNav: { section: 'Investors and stakeholders', label: 'Investor content', icon: 'folder' },
  },
  { path: '/admin/updates', kind: 'admin', title: 'Updates', areaNav: { section: 'Content', label: 'Updates', icon: 'megaphone' } },
  { path: '/admin/resources', kind: 'admin', title: 'Resources', areaNav: { section: 'Content', label: 'Resources', icon: 'book' } },
  { path: '/admin/schemas', kind: 'admin', title: 'Schemas', areaNav: { section: 'Content', label: 'Schemas', icon: 'schema' } },
  { path: '/admin/pricing', kind: 'admin', title: 'Pricing plans', areaNav: { section: 'Billing', label: 'Pricing plans', icon: 'tag' } },
  { path: '/admin/billing', kind: 'admin', title: 'Billing', areaNav: { section: 'Billing', label: 'Billing', icon: 'credit-card' } },
  { path: '/admin/invoices', kind: 'admin', title: 'Invoices', areaNav: { section: 'Billing', label: 'Invoices', icon: 'receipt' } },
  { path: '/admin/database', kind: 'admin', title: 'Database', areaNav: { section: 'System', label: 'Database', icon: 'database' } },
  {
    path: '/admin/settings',
    kind: 'admin',
    title: 'Account settings',
    areaNav: { section: 'Account', label: 'Account settings', icon: 'settings' },
  },

  // Member area: the member area's navigation, in this order.
  { path: '/dashboard', kind: 'member', title: 'Member dashboard', areaNav: { section: 'Organisation', label: 'Dashboard', icon: 'dashboard' } },
  {
    path: '/dashboard/organization-details',
    kind: 'member',
    title: 'Organisation details',
    areaNav: { section: 'Organisation', label: 'Organisation details', icon: 'building' },
  },
  { path: '/dashboard/members', kind: 'member', title: 'Members', areaNav: { section: 'Organisation', label: 'Members', icon: 'users' } },
  { path: '/dashboard/billing', kind: 'member', title: 'Billing', areaNav: { section: 'Organisation', label: 'Billing', icon: 'credit-card' } },
  {
    path: '/dashboard/messages',
    kind: 'member',
    title: 'Messages',
    areaNav: { section: 'Inbox', label: 'Messages', icon: 'message', unread: 'messages' },
  },
  {
    path: '/dashboard/notifications',
    kind: 'member',
    title: 'Notifications',
    areaNav: { section: 'Inbox', label: 'Notifications', icon: 'bell', unread: 'notifications' },
  },
  { path: '/dashboard/resources', kind: 'member', title: 'Resources', areaNav: { section: 'Guidance', label: 'Resources', icon: 'book' } },
  { path: '/dashboard/how-to', kind: 'member', title: 'How-to guides', areaNav: { section: 'Guidance', label: 'How-to guides', icon: 'compass' } },
  { path: '/dashboard/help', kind: 'member', title: 'Help', areaNav: { section: 'Guidance', label: 'Help', icon: 'help' } },
  { path: '/dashboard/settings', kind: 'member', title: 'Settings', areaNav: { section: 'Account', label: 'Settings', icon: 'settings' } },
  // A member route outside the member area's navigation: where an applicant waits.
  {
    path: '/application-pending',
    kind: 'member',
    title: 'Application under review',
  },
] as const satisfies readonly AppRoute[];

export const routes: readonly AppRoute[] = ROUTE_TABLE;

/** A route's id: its path, exactly as the table writes it. */
export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

/** The main navigation bar's items, in the order the spec lists them. */
export const navItems: readonly { label: string; to: string }[] = routes
  .flatMap((route) => (route.nav ? [{ ...route.nav, to: route.path }] : []))
  .sort((a, b) => a.order - b.order)
  .map(({ label, to }) => ({ label, to }));

/**
 * Where a second factor is required of anyone who has one (decision 041): the
 * back office and the data room, where organisations are approved and
 * confidential documents are read. Per kind rather than per row, so a page
 * added to either cannot forget it. People without a verified factor are let
 * in at aal1 (system administrators are prompted to add one); the database
 * makes the same check on the same data (restrictive policies on the `aal`
 * claim), so the guard is not what protects it.
 */
export const AAL2_KINDS: ReadonlySet<RouteKind> = new Set<RouteKind>(['admin', 'investor:data_room']);

/** Whether a route needs aal2 from a person who has a verified factor. */
export function requiresAal2(route: Pick<AppRoute, 'kind'>): boolean {
  return AAL2_KINDS.has(route.kind);
}

/** The route `pathname` opens, or null for a path no route matches (the 404). */
export function routeOf(pathname: string): AppRoute | null {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null) ?? null;
}

/** The access kind of the route that `pathname` opens, or null for a path no route matches (the 404). */
export function routeKindOf(pathname: string): RouteKind | null {
  return routeOf(pathname)?.kind ?? null;
}

export interface AreaNavSection {
  section: AreaSection;
  items: readonly ({ to: string; title: string } & AreaNavItem)[];
}

/** An area's side navigation: its sections in order, each with its routes in the table's order. */
export function areaNavigation(area: Area): readonly AreaNavSection[] {
  const items = routes.flatMap((route) =>
    route.kind === area && route.areaNav ? [{ to: route.path, title: route.title, ...route.areaNav }] : [],
  );
  return AREA_SECTIONS[area].map((section) => ({ section, items: items.filter((item) => item.section === section) }));
}

/**
 * Each signed-in kind of person's own account settings page (decision 042):
 * one page, one route in each area, so nobody is sent through another
 * area's guard to change their own account.
 */
export const ACCOUNT_SETTINGS_PATHS = {
  admin: '/admin/settings',
  member: '/dashboard/settings',
  investor: '/investor/settings',
  stakeholder: '/stakeholder/settings',
} as const satisfies Record<string, RoutePath>;

/**
 * Where this person's account settings are: the back office for system
 * administrators (whom the member area sends away), then the member area for
 * an approved member, then the investor's or stakeholder's own; null for
 * someone with none of those (an applicant), who has no area yet.
 */
export function accountSettingsPathFor(
  facts: Pick<SignedInFacts, 'isSystemAdmin' | 'approval' | 'investorLevel' | 'isStakeholder'>,
): string | null {
  if (facts.isSystemAdmin) return ACCOUNT_SETTINGS_PATHS.admin;
  if (facts.approval === 'approved') return ACCOUNT_SETTINGS_PATHS.member;
  if (facts.investorLevel !== null) return ACCOUNT_SETTINGS_PATHS.investor;
  if (facts.isStakeholder) return ACCOUNT_SETTINGS_PATHS.stakeholder;
  return null;
}
