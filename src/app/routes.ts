import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

import type { AccessKind } from '../../machines/access';

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

export interface AppRoute {
  /** react-router path; `:name` marks a parameter. */
  path: string;
  kind: RouteKind;
  /** Shown in the browser tab as "<title> — Accord". */
  title: string;
  /**
   * Loaded on first visit, so each page is its own chunk and visitors never
   * download the back office. A page may also export `preloadData`, which
   * starts the data it will ask for at that address as soon as its code is
   * there, ahead of its first render (router.tsx `preloadPageData`).
   */
  page: () => Promise<{ default: ComponentType; preloadData?: (url: URL) => void }>;
  /** Present when the route is an item of the main navigation bar. */
  nav?: { label: string; order: number };
  /**
   * Renders with what every visitor already has (the lean Chakra system, no
   * SWR): the home page, which must fit the 150 KiB first-load budget. Its
   * heavier parts load lazily and bring their own (see router.tsx).
   */
  lean?: true;
  /**
   * Built into its own HTML file at build time (scripts/prerender.ts), as an
   * anonymous visitor sees it, so it is readable before any JavaScript runs;
   * the browser then hydrates it. Only parameterless public pages qualify.
   */
  prerender?: true;
}

/** THE route table: every route of spec §2, each exactly once. */
export const routes: readonly AppRoute[] = [
  // Public site
  {
    path: '/',
    kind: 'public',
    prerender: true,
    title: 'Home',
    page: () => import('../features/public/home-page'),
    nav: { label: 'Home', order: 1 },
    lean: true,
  },
  { path: '/about', kind: 'public', prerender: true, title: 'About', page: () => import('../features/public/about-page'), nav: { label: 'About', order: 2 } },
  {
    path: '/framework',
    kind: 'public',
    prerender: true,
    title: 'Trust Framework',
    page: () => import('../features/public/framework-page'),
    nav: { label: 'Trust Framework', order: 3 },
  },
  { path: '/use-cases/education', kind: 'public', prerender: true, title: 'Education', page: () => import('../features/public/use-case-education-page') },
  { path: '/use-cases/healthcare', kind: 'public', prerender: true, title: 'Healthcare', page: () => import('../features/public/use-case-healthcare-page') },
  {
    path: '/use-cases/online-registration',
    kind: 'public',
    prerender: true,
    title: 'Online registration',
    page: () => import('../features/public/use-case-online-registration-page'),
  },
  {
    path: '/use-cases/cross-border-verification',
    kind: 'public',
    prerender: true,
    title: 'Cross-border verification',
    page: () => import('../features/public/use-case-cross-border-page'),
  },
  { path: '/pricing', kind: 'public', prerender: true, title: 'Pricing', page: () => import('../features/public/pricing-page'), nav: { label: 'Pricing', order: 4 } },
  { path: '/news', kind: 'public', prerender: true, title: 'Updates', page: () => import('../features/public/news-page'), nav: { label: 'Updates', order: 5 } },
  { path: '/api-guide', kind: 'public', prerender: true, title: 'API guide', page: () => import('../features/public/api-guide-page') },
  {
    path: '/ecosystem',
    kind: 'public',
    prerender: true,
    title: 'Ecosystem solutions',
    page: () => import('../features/public/ecosystem-page'),
    nav: { label: 'Ecosystem', order: 7 },
  },
  { path: '/ecosystem/:solutionId', kind: 'public', title: 'Solution', page: () => import('../features/public/solution-page') },
  { path: '/trust-registry', kind: 'public', prerender: true, title: 'Trust registry', page: () => import('../features/registry/trust-registry-page') },
  {
    path: '/trust-registry/:id',
    kind: 'public',
    title: 'Organisation profile',
    page: () => import('../features/registry/registry-profile-page'),
  },
  { path: '/privacy', kind: 'public', prerender: true, title: 'Privacy policy', page: () => import('../features/public/privacy-page') },
  { path: '/terms', kind: 'public', prerender: true, title: 'Terms of service', page: () => import('../features/public/terms-page') },

  // Sign-in, onboarding and invitations
  { path: '/login', kind: 'public', title: 'Member login', page: () => import('../features/auth/member-login-page') },
  { path: '/accord-login', kind: 'public', title: 'Administrator login', page: () => import('../features/auth/admin-login-page') },
  { path: '/onboarding', kind: 'public', title: 'Join the network', page: () => import('../features/onboarding/onboarding-page') },
  {
    path: '/application-submitted',
    kind: 'public',
    title: 'Application submitted',
    page: () => import('../features/onboarding/application-submitted-page'),
  },
  {
    path: '/accept-invitation',
    kind: 'public',
    title: 'Accept invitation',
    page: () => import('../features/auth/accept-invitation-page'),
  },
  { path: '/auth/callback', kind: 'auth', title: 'Signing in', page: () => import('../features/auth/auth-callback-page') },
  {
    path: '/admin/accept-invitation',
    kind: 'auth',
    title: 'Administrator invitation',
    page: () => import('../features/auth/admin-accept-invitation-page'),
  },

  // Investors
  {
    path: '/investors',
    kind: 'public',
    prerender: true,
    title: 'Investors',
    page: () => import('../features/investor/investors-page'),
    nav: { label: 'Investors', order: 6 },
  },
  { path: '/investors/access', kind: 'public', prerender: true, title: 'Investor access', page: () => import('../features/investor/investor-access-page') },
  {
    path: '/investor/dashboard',
    kind: 'investor:lite',
    title: 'Investor dashboard',
    page: () => import('../features/investor/investor-dashboard-page'),
  },
  {
    path: '/investor/data-room',
    kind: 'investor:data_room',
    title: 'Data room',
    page: () => import('../features/investor/data-room-page'),
  },

  // Stakeholders
  {
    path: '/stakeholder/dashboard',
    kind: 'stakeholder',
    title: 'Stakeholder dashboard',
    page: () => import('../features/stakeholder/stakeholder-dashboard-page'),
  },
  {
    path: '/stakeholder/analytics',
    kind: 'stakeholder',
    title: 'Stakeholder analytics',
    page: () => import('../features/stakeholder/stakeholder-analytics-page'),
  },

  // Back office (system administrators)
  { path: '/admin/dashboard', kind: 'admin', title: 'Admin dashboard', page: () => import('../features/admin/admin-dashboard-page') },
  {
    path: '/admin/network-activity',
    kind: 'admin',
    title: 'Network activity',
    page: () => import('../features/admin/network-activity-page'),
  },
  {
    path: '/admin/stakeholder-data',
    kind: 'admin',
    title: 'Stakeholder data',
    page: () => import('../features/admin/stakeholder-data-page'),
  },
  { path: '/admin/investors', kind: 'admin', title: 'Investors', page: () => import('../features/admin/admin-investors-page') },
  {
    path: '/admin/investor-content',
    kind: 'admin',
    title: 'Investor content',
    page: () => import('../features/admin/investor-content-page'),
  },
  { path: '/admin/applications', kind: 'admin', title: 'Applications', page: () => import('../features/admin/applications-page') },
  { path: '/admin/tenants', kind: 'admin', title: 'Tenants', page: () => import('../features/admin/tenants-page') },
  { path: '/admin/messages', kind: 'admin', title: 'Messages', page: () => import('../features/admin/admin-messages-page') },
  { path: '/admin/resources', kind: 'admin', title: 'Resources', page: () => import('../features/admin/admin-resources-page') },
  { path: '/admin/schemas', kind: 'admin', title: 'Schemas', page: () => import('../features/admin/schemas-page') },
  { path: '/admin/pricing', kind: 'admin', title: 'Pricing plans', page: () => import('../features/admin/admin-pricing-page') },
  { path: '/admin/billing', kind: 'admin', title: 'Billing', page: () => import('../features/admin/admin-billing-page') },
  { path: '/admin/invoices', kind: 'admin', title: 'Invoices', page: () => import('../features/admin/invoices-page') },
  { path: '/admin/users', kind: 'admin', title: 'Users', page: () => import('../features/admin/users-page') },
  { path: '/admin/updates', kind: 'admin', title: 'Updates', page: () => import('../features/admin/admin-updates-page') },
  { path: '/admin/database', kind: 'admin', title: 'Database', page: () => import('../features/admin/database-page') },

  // Member area
  { path: '/dashboard', kind: 'member', title: 'Member dashboard', page: () => import('../features/member/member-dashboard-page') },
  {
    path: '/dashboard/organization-details',
    kind: 'member',
    title: 'Organisation details',
    page: () => import('../features/member/organization-details-page'),
  },
  { path: '/dashboard/billing', kind: 'member', title: 'Billing', page: () => import('../features/member/member-billing-page') },
  { path: '/dashboard/resources', kind: 'member', title: 'Resources', page: () => import('../features/member/member-resources-page') },
  { path: '/dashboard/members', kind: 'member', title: 'Members', page: () => import('../features/member/members-page') },
  { path: '/dashboard/messages', kind: 'member', title: 'Messages', page: () => import('../features/member/member-messages-page') },
  {
    path: '/dashboard/notifications',
    kind: 'member',
    title: 'Notifications',
    page: () => import('../features/member/notifications-page'),
  },
  { path: '/dashboard/how-to', kind: 'member', title: 'How-to guides', page: () => import('../features/member/how-to-page') },
  { path: '/dashboard/help', kind: 'member', title: 'Help', page: () => import('../features/member/help-page') },
  { path: '/dashboard/settings', kind: 'member', title: 'Settings', page: () => import('../features/member/settings-page') },
  {
    path: '/application-pending',
    kind: 'member',
    title: 'Application under review',
    page: () => import('../features/onboarding/application-pending-page'),
  },
];

/** The main navigation bar's items, in the order the spec lists them. */
export const navItems: readonly { label: string; to: string }[] = routes
  .flatMap((route) => (route.nav ? [{ ...route.nav, to: route.path }] : []))
  .sort((a, b) => a.order - b.order)
  .map(({ label, to }) => ({ label, to }));

/** The access kind of the route that `pathname` opens, or null for a path no route matches (the 404). */
export function routeKindOf(pathname: string): RouteKind | null {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null)?.kind ?? null;
}
