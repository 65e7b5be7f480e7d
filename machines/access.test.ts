import { describe, expect, it } from 'vitest';

import {
  decideAccess,
  hasInvestorLevel,
  isFromInvitation,
  loginRedirectFor,
  ONBOARDING_TOAST,
  parseParams,
  safeInternalPath,
  withoutSecretParams,
  toApproval,
  toApprovalStatus,
  UNDER_REVIEW_TOAST,
  type SessionFacts,
  type SignedInFacts,
} from './access';

function signedIn(overrides: Partial<SignedInFacts> = {}): SessionFacts {
  return {
    status: 'signedIn',
    userId: 'u1',
    email: 'ada@school.example',
    profile: { id: 'u1', email: 'ada@school.example', full_name: null },
    isSystemAdmin: false,
    isOrgAdmin: false,
    approval: 'none',
    approvalStatus: null,
    isStakeholder: false,
    investorLevel: null,
    assurance: { current: 'aal1', next: 'aal1' },
    ...overrides,
  };
}

describe('safeInternalPath', () => {
  it.each([
    ['/dashboard/settings', '/dashboard/settings'],
    ['/dashboard?tab=billing#top', '/dashboard?tab=billing#top'],
    ['/admin/users', '/admin/users'],
  ])('keeps the internal path %s', (value, expected) => {
    expect(safeInternalPath(value)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.example/phish'],
    ['backslash protocol-relative', '/\\evil.example'],
    ['a scheme', 'https://evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded scheme', '/%6A%61vascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['whitespace', '/dash board'],
    ['a newline', '/dashboard\nLocation: x'],
    ['a tab before slashes', '/\t/evil.example'],
    ['the login page (would loop)', '/login?next=/x'],
    ['the admin login page', '/accord-login'],
    ['the callback (would loop)', '/auth/callback?code=1'],
    ['nothing', ''],
    ['null', null],
    ['a malformed escape', '/%E0%A4%A'],
  ])('refuses %s', (_label, value) => {
    expect(safeInternalPath(value)).toBeNull();
  });
});

describe('safeInternalPath and secrets (decision 027)', () => {
  it.each([
    ['an invitation token', '/admin/accept-invitation?token=7f7f', '/admin/accept-invitation'],
    ['an invitation token beside other parameters', '/admin/accept-invitation?from=mail&token=7f7f&x=1', '/admin/accept-invitation?from=mail&x=1'],
    ['a callback invitation token', '/somewhere?invitation_token=7f7f', '/somewhere'],
    ['an encoded parameter name', '/somewhere?%74oken=7f7f&q=a', '/somewhere?q=a'],
    ['a sign-in code', '/dashboard?code=abc', '/dashboard'],
    ['session tokens in the fragment', '/dashboard#access_token=a&refresh_token=b&type=magiclink', '/dashboard#type=magiclink'],
    ['a token in the fragment', '/admin/accept-invitation#token=7f7f', '/admin/accept-invitation'],
  ])('remembers the path without %s', (_label, value, expected) => {
    expect(safeInternalPath(value)).toBe(expected);
  });

  it('leaves a plain fragment and harmless parameters alone', () => {
    expect(safeInternalPath('/pricing?plan=essentials#faq')).toBe('/pricing?plan=essentials#faq');
    expect(withoutSecretParams('?q=token')).toBe('?q=token');
    expect(withoutSecretParams('#token')).toBe('#token');
    expect(withoutSecretParams('?token=1')).toBe('');
    expect(withoutSecretParams('')).toBe('');
  });
});

describe('loginRedirectFor', () => {
  it('remembers the path and query', () => {
    expect(loginRedirectFor({ pathname: '/dashboard/settings', search: '?tab=2' })).toBe(
      '/login?next=%2Fdashboard%2Fsettings%3Ftab%3D2',
    );
  });

  it('never copies an invitation token into ?next=', () => {
    expect(loginRedirectFor({ pathname: '/admin/accept-invitation', search: '?token=7f7f' })).toBe(
      '/login?next=%2Fadmin%2Faccept-invitation',
    );
  });
});

describe('approval mapping (spec §4)', () => {
  it.each([
    [null, 'none'],
    ['approved', 'approved'],
    ['pending', 'pending'],
    ['under_review', 'pending'],
    ['rejected', 'pending'],
    ['something_new', 'pending'],
  ] as const)('%s → %s', (raw, approval) => {
    expect(toApproval(toApprovalStatus(raw))).toBe(approval);
  });

  it('keeps an unknown raw value as pending, as the spec treats any other value', () => {
    expect(toApprovalStatus('something_new')).toBe('pending');
  });
});

describe('investor levels: data_room includes lite', () => {
  it.each([
    [null, 'lite', false],
    [null, 'data_room', false],
    ['lite', 'lite', true],
    ['lite', 'data_room', false],
    ['data_room', 'lite', true],
    ['data_room', 'data_room', true],
  ] as const)('%s holds %s: %s', (held, required, expected) => {
    expect(hasInvestorLevel(held, required)).toBe(expected);
  });
});

describe('arriving from an invitation (spec §6)', () => {
  it('is told by router state or ?from=invitation', () => {
    expect(isFromInvitation({ pathname: '/dashboard', search: '', state: { fromInvitation: true } })).toBe(true);
    expect(isFromInvitation({ pathname: '/dashboard', search: '?from=invitation' })).toBe(true);
    expect(isFromInvitation({ pathname: '/dashboard', search: '?from=elsewhere', state: { fromInvitation: 'yes' } })).toBe(false);
  });

  it('lets a person with no known application into the member area', () => {
    const location = { pathname: '/dashboard', search: '', state: { fromInvitation: true } };
    expect(decideAccess('member', signedIn(), location)).toEqual({ type: 'allow' });
    expect(decideAccess('member', signedIn(), { pathname: '/dashboard', search: '?from=invitation' })).toEqual({
      type: 'allow',
    });
  });

  it('does not override a known status', () => {
    const location = { pathname: '/dashboard', search: '?from=invitation' };
    expect(decideAccess('member', signedIn({ approval: 'pending', approvalStatus: 'pending' }), location)).toEqual({
      type: 'redirect',
      to: '/application-pending',
      toast: UNDER_REVIEW_TOAST,
    });
  });

  it('without it, the same person is sent to onboarding', () => {
    expect(decideAccess('member', signedIn(), { pathname: '/dashboard', search: '' })).toEqual({
      type: 'redirect',
      to: '/onboarding',
      toast: ONBOARDING_TOAST,
    });
  });
});

describe('rejected applicants', () => {
  const rejected = signedIn({ approval: 'pending', approvalStatus: 'rejected' });

  it('are taken to their decision without being told it is still under review', () => {
    expect(decideAccess('member', rejected, { pathname: '/dashboard', search: '' })).toEqual({
      type: 'redirect',
      to: '/application-pending',
    });
  });

  it('may read it', () => {
    expect(decideAccess('member', rejected, { pathname: '/application-pending', search: '' })).toEqual({ type: 'allow' });
  });
});

describe('parseParams', () => {
  it('reads query strings and fragments, decoding + and escapes, first value wins', () => {
    const params = parseParams('#access_token=a.b.c&type=magic+link&next=%2Fx&type=other&flag');
    expect(Object.fromEntries(params)).toEqual({ access_token: 'a.b.c', type: 'magic link', next: '/x', flag: '' });
    expect(parseParams('?').size).toBe(0);
    expect(parseParams('?bad=%E0%A4%A').get('bad')).toBe('%E0%A4%A');
  });
});
