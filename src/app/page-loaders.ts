import type { AreaPagePath } from './area-page-loaders';
import type { PageLoader } from './page-module';
import type { RoutePath } from '../routes/routes';

/**
 * Each route's page, by the route's id (its path in routes.ts), loaded on first
 * visit, so each page is its own chunk and visitors never download the back
 * office. This lives beside the router rather than in the route table: pages
 * read the session and the table, so a table that imported them would be an
 * import circle (decision 029). The type asks for exactly one loader per route;
 * page-loaders.test.ts checks the same at run time.
 *
 * The signed-in areas' pages load through area-page-loaders.ts, itself a
 * chunk of its own: the list of their chunks (which the bundler keeps beside
 * every dynamic import, so their files are fetched together) then stays out
 * of every visitor's first load, which pays only for the public pages'.
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
  '/trust-registry/verify': () => import('../features/registry/verify-page'),
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
  '/investor/dashboard': areaPage('/investor/dashboard'),
  '/investor/data-room': areaPage('/investor/data-room'),
  '/stakeholder/dashboard': areaPage('/stakeholder/dashboard'),
  '/stakeholder/analytics': areaPage('/stakeholder/analytics'),
  '/admin/dashboard': areaPage('/admin/dashboard'),
  '/admin/network-activity': areaPage('/admin/network-activity'),
  '/admin/stakeholder-data': areaPage('/admin/stakeholder-data'),
  '/admin/investors': areaPage('/admin/investors'),
  '/admin/investor-content': areaPage('/admin/investor-content'),
  '/admin/applications': areaPage('/admin/applications'),
  '/admin/tenants': areaPage('/admin/tenants'),
  '/admin/messages': areaPage('/admin/messages'),
  '/admin/resources': areaPage('/admin/resources'),
  '/admin/schemas': areaPage('/admin/schemas'),
  '/admin/pricing': areaPage('/admin/pricing'),
  '/admin/billing': areaPage('/admin/billing'),
  '/admin/invoices': areaPage('/admin/invoices'),
  '/admin/users': areaPage('/admin/users'),
  '/admin/updates': areaPage('/admin/updates'),
  '/admin/database': areaPage('/admin/database'),
  '/dashboard': areaPage('/dashboard'),
  '/dashboard/organization-details': areaPage('/dashboard/organization-details'),
  '/dashboard/billing': areaPage('/dashboard/billing'),
  '/dashboard/resources': areaPage('/dashboard/resources'),
  '/dashboard/members': areaPage('/dashboard/members'),
  '/dashboard/messages': areaPage('/dashboard/messages'),
  '/dashboard/notifications': areaPage('/dashboard/notifications'),
  '/dashboard/how-to': areaPage('/dashboard/how-to'),
  '/dashboard/help': areaPage('/dashboard/help'),
  '/dashboard/settings': areaPage('/dashboard/settings'),
  '/admin/settings': areaPage('/admin/settings'),
  '/investor/settings': areaPage('/investor/settings'),
  '/stakeholder/settings': areaPage('/stakeholder/settings'),
  '/application-pending': () => import('../features/onboarding/application-pending-page'),
};

/** An area page: the areas' loader table first (once, then cached), then the page. */
function areaPage(path: AreaPagePath): PageLoader {
  return async () => {
    const load: PageLoader = (await import('./area-page-loaders')).areaPageLoaders[path];
    return load();
  };
}
