import { describe, expect, it } from 'vitest';

import {
  ACCOUNT_SETTINGS_PATHS,
  accountSettingsPathFor,
  AREA_SECTIONS,
  areaNavigation,
  NAV_ICONS,
  navItems,
  routes,
  type RouteKind,
} from './routes';
import { signedInFacts } from '../testing/session-facts';

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
  '/trust-registry/verify': 'public',
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
  // Decision 042: each signed-in kind of person's account settings, in their own area.
  '/investor/settings': 'investor:lite',
  '/stakeholder/settings': 'stakeholder',
  '/admin/settings': 'admin',
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

  it('has 17 admin routes (the spec’s 16 and account settings) and 11 member routes', () => {
    expect(routes.filter((route) => route.kind === 'admin')).toHaveLength(17);
    expect(routes.filter((route) => route.kind === 'member')).toHaveLength(11);
  });

  it('keeps the alternative login under a path carrying the product name', () => {
    expect(routes.find((route) => route.path === '/accord-login')?.title).toBe('Administrator login');
  });

  it('gives every route a title', () => {
    for (const route of routes) expect(route.title.trim(), route.path).not.toBe('');
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

  it("lists the member area's ten pages and the back office's seventeen in their side navigation", () => {
    const inNav = (area: 'member' | 'admin') => routes.filter((route) => route.kind === area && route.areaNav).map((route) => route.path);
    expect(inNav('member')).toEqual(['/dashboard', ...routes.filter((route) => route.path.startsWith('/dashboard/')).map((route) => route.path)]);
    expect(inNav('member')).toHaveLength(10);
    expect(inNav('admin')).toEqual(routes.filter((route) => route.kind === 'admin').map((route) => route.path));
    expect(inNav('admin')).toHaveLength(17);
    // Only those: the public site, sign-in and the applicant's waiting page are no area's pages.
    expect(routes.filter((route) => route.areaNav && route.kind !== 'member' && route.kind !== 'admin')).toEqual([]);
    expect(routes.find((route) => route.path === '/application-pending')?.areaNav).toBeUndefined();
  });

  it("puts every side-navigation item in one of its own area's sections, with a label and a known icon", () => {
    for (const area of ['member', 'admin'] as const) {
      const sections = areaNavigation(area);
      expect(sections.map((group) => group.section)).toEqual(AREA_SECTIONS[area]);
      for (const group of sections) expect(group.items.length, `${area}: ${group.section}`).toBeGreaterThan(0);
      const items = sections.flatMap((group) => group.items);
      expect(items).toHaveLength(area === 'member' ? 10 : 17);
      for (const item of items) {
        expect(item.label.trim(), item.to).not.toBe('');
        expect(NAV_ICONS, item.to).toContain(item.icon);
      }
      expect(new Set(items.map((item) => item.label)).size).toBe(items.length);
    }
  });

  it('keeps slots for unread counts on the messages and notifications items', () => {
    const unread = routes.filter((route) => route.areaNav?.unread).map((route) => [route.path, route.areaNav?.unread]);
    expect(unread).toEqual([
      ['/admin/messages', 'messages'],
      ['/dashboard/messages', 'messages'],
      ['/dashboard/notifications', 'notifications'],
    ]);
  });
});

describe('account settings (decision 042)', () => {
  it('gives every signed-in kind of person the settings page in their own area, guarded as that area is', () => {
    const kindOf = (path: string) => routes.find((route) => route.path === path)?.kind;
    expect(kindOf(ACCOUNT_SETTINGS_PATHS.member)).toBe('member');
    expect(kindOf(ACCOUNT_SETTINGS_PATHS.admin)).toBe('admin');
    expect(kindOf(ACCOUNT_SETTINGS_PATHS.investor)).toBe('investor:lite');
    expect(kindOf(ACCOUNT_SETTINGS_PATHS.stakeholder)).toBe('stakeholder');
  });

  it('sends each person to their own: administrators first, then members, investors and stakeholders; applicants have none yet', () => {
    expect(accountSettingsPathFor(signedInFacts({ isSystemAdmin: true, approval: 'approved' }))).toBe('/admin/settings');
    expect(accountSettingsPathFor(signedInFacts({ approval: 'approved', investorLevel: 'lite' }))).toBe('/dashboard/settings');
    expect(accountSettingsPathFor(signedInFacts({ investorLevel: 'data_room', isStakeholder: true }))).toBe('/investor/settings');
    expect(accountSettingsPathFor(signedInFacts({ isStakeholder: true }))).toBe('/stakeholder/settings');
    expect(accountSettingsPathFor(signedInFacts({ approval: 'pending' }))).toBeNull();
  });
});
