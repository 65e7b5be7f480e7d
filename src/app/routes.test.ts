import { describe, expect, it } from 'vitest';

import { navItems, routes, type RouteKind } from './routes';

/** Spec §2, transcribed: every screen and the access kind it needs. */
const SPEC_ROUTES: Record<string, RouteKind> = {
  '/': 'public',
  '/about': 'public',
  '/framework': 'public',
  '/use-cases/education': 'public',
  '/use-cases/healthcare': 'public',
  '/use-cases/online-registration': 'public',
  '/use-cases/cross-border-verification': 'public',
  '/pricing': 'public',
  '/news': 'public',
  '/api-guide': 'public',
  '/ecosystem': 'public',
  '/ecosystem/:solutionId': 'public',
  '/trust-registry': 'public',
  '/trust-registry/:id': 'public',
  '/login': 'public',
  '/accord-login': 'public',
  '/onboarding': 'public',
  '/application-submitted': 'public',
  '/accept-invitation': 'public',
  '/privacy': 'public',
  '/terms': 'public',
  '/auth/callback': 'auth',
  '/admin/accept-invitation': 'auth',
  '/stakeholder/dashboard': 'stakeholder',
  '/stakeholder/analytics': 'stakeholder',
  '/investors': 'public',
  '/investors/access': 'public',
  '/investor/dashboard': 'investor:lite',
  '/investor/data-room': 'investor:data_room',
  ...Object.fromEntries(
    [
      'dashboard',
      'network-activity',
      'stakeholder-data',
      'investors',
      'investor-content',
      'applications',
      'tenants',
      'messages',
      'resources',
      'schemas',
      'pricing',
      'billing',
      'invoices',
      'users',
      'updates',
      'database',
    ].map((page) => [`/admin/${page}`, 'admin' as const]),
  ),
  '/dashboard': 'member',
  ...Object.fromEntries(
    ['organization-details', 'billing', 'resources', 'members', 'messages', 'notifications', 'how-to', 'help', 'settings'].map(
      (page) => [`/dashboard/${page}`, 'member' as const],
    ),
  ),
  '/application-pending': 'member',
};

describe('the route table', () => {
  it('lists every route of the spec exactly once, with its access kind', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.fromEntries(routes.map((route) => [route.path, route.kind]))).toEqual(SPEC_ROUTES);
  });

  it('has 16 admin routes and 11 member routes', () => {
    expect(routes.filter((route) => route.kind === 'admin')).toHaveLength(16);
    expect(routes.filter((route) => route.kind === 'member')).toHaveLength(11);
  });

  it('keeps the alternative login under a path carrying the product name', () => {
    expect(routes.find((route) => route.path === '/accord-login')?.title).toBe('Administrator login');
  });

  it('gives every route a title and a lazily loaded page', () => {
    for (const route of routes) {
      expect(route.title.trim(), route.path).not.toBe('');
      expect(typeof route.page, route.path).toBe('function');
    }
  });

  it('derives the navigation bar from the table, in the order of the spec', () => {
    expect(navItems).toEqual([
      { label: 'Home', to: '/' },
      { label: 'About', to: '/about' },
      { label: 'Trust Framework', to: '/framework' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Updates', to: '/news' },
      { label: 'Investors', to: '/investors' },
      { label: 'Ecosystem', to: '/ecosystem' },
    ]);
  });
});
