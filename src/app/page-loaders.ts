import type { ComponentType } from 'react';

import type { RoutePath } from './routes';

/**
 * What a page's chunk gives the router: the page, and optionally `preloadData`,
 * which starts the data the page will ask for at that address as soon as its
 * code is there, ahead of its first render (router.tsx `preloadPageData`).
 */
export interface PageModule {
  default: ComponentType;
  preloadData?: (url: URL) => void;
}

export type PageLoader = () => Promise<PageModule>;

/**
 * Each route's page, by the route's id (its path in routes.ts), loaded on first
 * visit, so each page is its own chunk and visitors never download the back
 * office. This lives beside the router rather than in the route table: pages
 * read the session and the table, so a table that imported them would be an
 * import circle (decision 029). The type asks for exactly one loader per route;
 * page-loaders.test.ts checks the same at run time.
 */
export const pageLoaders: Record<RoutePath, PageLoader> = {
  '/': () => import('../features/public/home-page'),
  '/about': () => import('../features/public/about-page'),
  '/framework': () => import('../features/public/framework-page'),
  '/use-cases/education': () => import('../features/public/use-case-education-page'),
  '/use-cases/healthcare': () => import('../features/public/use-case-healthcare-page'),
  '/use-cases/online-registration': () => import('../features/public/use-case-online-registration-page'),
  '/use-cases/cross-border-verification': () => import('../features/public/use-case-cross-border-page'),
  '/pricing': () => import('../features/public/pricing-page'),
  '/news': () => import('../features/public/news-page'),
  '/api-guide': () => import('../features/public/api-guide-page'),
  '/ecosystem': () => import('../features/public/ecosystem-page'),
  '/ecosystem/:solutionId': () => import('../features/public/solution-page'),
  '/trust-registry': () => import('../features/registry/trust-registry-page'),
  '/trust-registry/:id': () => import('../features/registry/registry-profile-page'),
  '/privacy': () => import('../features/public/privacy-page'),
  '/terms': () => import('../features/public/terms-page'),
  '/login': () => import('../features/auth/member-login-page'),
  '/accord-login': () => import('../features/auth/admin-login-page'),
  '/onboarding': () => import('../features/onboarding/onboarding-page'),
  '/application-submitted': () => import('../features/onboarding/application-submitted-page'),
  '/accept-invitation': () => import('../features/auth/accept-invitation-page'),
  '/auth/callback': () => import('../features/auth/auth-callback-page'),
  '/admin/accept-invitation': () => import('../features/auth/admin-accept-invitation-page'),
  '/investors': () => import('../features/investor/investors-page'),
  '/investors/access': () => import('../features/investor/investor-access-page'),
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
  '/application-pending': () => import('../features/onboarding/application-pending-page'),
};
