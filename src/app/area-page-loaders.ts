import type { PageLoader } from './page-module';

/**
 * The signed-in areas' pages (member, back office, investors, stakeholders,
 * and each area's settings), loaded on first visit. Kept apart from
 * page-loaders.ts so a visitor's first load does not carry this list or its
 * chunks' names (page-loaders.ts says why); page-loaders.test.ts checks that
 * together they have one loader per route.
 */
export const areaPageLoaders = {
  '/investor/dashboard': () => import('../features/investor/investor-dashboard-page'),
  '/investor/data-room': () => import('../features/investor/data-room-page'),
  '/stakeholder/dashboard': () => import('../features/stakeholder/stakeholder-dashboard-page'),
  '/stakeholder/analytics': () => import('../features/stakeholder/stakeholder-analytics-page'),
  '/admin/dashboard': () => import('../features/admin/admin-dashboard-page'),
  '/admin/network-activity': () => import('../features/admin/network-activity-page'),
  '/admin/stakeholder-data': () => import('../features/admin/stakeholder-data-page'),
  '/admin/investors': () => import('../features/admin/admin-investors-page'),
  '/admin/investor-content': () => import('../features/admin/investor-content-page'),
  '/admin/applications': () => import('../features/admin/applications-page'),
  '/admin/tenants': () => import('../features/admin/tenants-page'),
  '/admin/messages': () => import('../features/admin/admin-messages-page'),
  '/admin/resources': () => import('../features/admin/admin-resources-page'),
  '/admin/schemas': () => import('../features/admin/schemas-page'),
  '/admin/pricing': () => import('../features/admin/admin-pricing-page'),
  '/admin/billing': () => import('../features/admin/admin-billing-page'),
  '/admin/invoices': () => import('../features/admin/invoices-page'),
  '/admin/users': () => import('../features/admin/users-page'),
  '/admin/updates': () => import('../features/admin/admin-updates-page'),
  '/admin/database': () => import('../features/admin/database-page'),
  '/dashboard': () => import('../features/member/member-dashboard-page'),
  '/dashboard/organization-details': () => import('../features/member/organization-details-page'),
  '/dashboard/billing': () => import('../features/member/member-billing-page'),
  '/dashboard/resources': () => import('../features/member/member-resources-page'),
  '/dashboard/members': () => import('../features/member/members-page'),
  '/dashboard/messages': () => import('../features/member/member-messages-page'),
  '/dashboard/notifications': () => import('../features/member/notifications-page'),
  '/dashboard/how-to': () => import('../features/member/how-to-page'),
  '/dashboard/help': () => import('../features/member/help-page'),
  // One account settings page for every signed-in kind of person, in each one's own area (decision 042).
  '/dashboard/settings': () => import('../features/account/settings-page'),
  '/admin/settings': () => import('../features/account/settings-page'),
  '/investor/settings': () => import('../features/account/settings-page'),
  '/stakeholder/settings': () => import('../features/account/settings-page'),
} satisfies Record<string, PageLoader>;

export type AreaPagePath = keyof typeof areaPageLoaders;
