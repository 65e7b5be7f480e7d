import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';

import { ACCESS_KINDS, homeFor, type AccessKind, type SignedInFacts } from './access';
import type { SessionUser } from './session.machine';
import { isWellFormedJwt, readCallbackUrl, type CallbackUrl, type Credentials } from './sign-in-callback-link';
import { signInCallbackMachine, type AccountCheck, type CallbackOutput } from './sign-in-callback.machine';
import {
  ADMIN_ONLY_TOAST,
  CHALLENGE_CANCELLED_TOAST,
  INVITATION_EXPIRED_TOAST,
  INVITATION_FAILED_TOAST,
  INVITATION_INVALID_TOAST,
  stillSignedInToast,
  welcomeToast,
} from './sign-in-callback-texts';
import { FALLBACK_REDIRECT_MS } from './timing';

const ORG = '5eed0000-0000-4000-8000-000000000101';
const ada: SessionUser = { id: 'u-ada', email: 'ada@school.example' };
const mallory: SessionUser = { id: 'u-mallory', email: 'mallory@attacker.example' };

function base64url(text: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(text));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT's shape with any content; the machine never verifies signatures (the server does). */
function jwt(payload: Record<string, unknown> = { sub: ada.id }): string {
  const part = (value: unknown) => base64url(JSON.stringify(value));
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

function facts(overrides: Partial<SignedInFacts> = {}): SignedInFacts {
  return {
    userId: ada.id,
    email: ada.email,
    profile: { id: ada.id, email: ada.email, full_name: null },
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

const KINDS: Record<string, AccessKind> = {
  '/dashboard': 'member',
  '/dashboard/settings': 'member',
  '/application-pending': 'member',
  '/admin/users': 'admin',
  '/admin/applications': 'admin',
  '/pricing': 'public',
  '/investor/data-room': 'investor:data_room',
};
const routeKindOf = (pathname: string) => KINDS[pathname] ?? null;

interface Fakes {
  /** Who is signed in here, and whose the link's tokens are; by default nobody is signed in. */
  identify?: (credentials: Credentials) => Promise<AccountCheck>;
  establish?: (credentials: Credentials) => Promise<SessionUser>;
  current?: () => Promise<SessionUser | null>;
  facts?: () => Promise<SignedInFacts>;
  accept?: (input: { token: string; orgId: string }) => Promise<{ organizationName: string | null }>;
  signOut?: () => Promise<void>;
  prove?: (input: { code: string }) => Promise<void>;
  reload?: () => Promise<void>;
}

function run(url: string, fakes: Fakes = {}, clock?: SimulatedClock) {
  const parsed = new URL(url, 'http://localhost');
  const identifyAccounts = vi.fn(fakes.identify ?? (async (credentials: Credentials) => ({ current: null, link: null, credentials })));
  const establishSession = vi.fn(fakes.establish ?? (async () => ada));
  const getCurrentSession = vi.fn(fakes.current ?? (async () => null));
  const waitForFacts = vi.fn(fakes.facts ?? (async () => facts()));
  const acceptTenantInvitation = vi.fn(fakes.accept ?? (async () => ({ organizationName: 'Northwind Learning Trust' })));
  const signOut = vi.fn(fakes.signOut ?? (async () => undefined));
  const reloadFacts = vi.fn(fakes.reload ?? (async () => undefined));
  const proveSecondFactor = vi.fn(fakes.prove ?? (async () => undefined));
  const actor = createActor(
    signInCallbackMachine.provide({
      actors: {
        readUrl: fromPromise<CallbackUrl>(async () => readCallbackUrl(parsed.search, parsed.hash)),
        identifyAccounts: fromPromise<AccountCheck, Credentials>(({ input }) => identifyAccounts(input)),
        establishSession: fromPromise<SessionUser, Credentials>(({ input }) => establishSession(input)),
        getCurrentSession: fromPromise<SessionUser | null>(() => getCurrentSession()),
        waitForFacts: fromPromise<SignedInFacts, { userId: string }>(() => waitForFacts()),
        acceptTenantInvitation: fromPromise<{ organizationName: string | null }, { token: string; orgId: string }>(({ input }) =>
          acceptTenantInvitation(input),
        ),
        reloadFacts: fromPromise<void>(() => reloadFacts()),
        signOut: fromPromise<void>(() => signOut()),
        proveSecondFactor: fromPromise<void, { code: string }>(({ input }) => proveSecondFactor(input)),
      },
    }),
    { input: { routeKindOf }, ...(clock ? { clock } : {}) },
  ).start();
  const output = async (): Promise<CallbackOutput> => (await waitFor(actor, (s) => s.status === 'done')).output!;
  return {
    actor,
    output,
    identifyAccounts,
    establishSession,
    getCurrentSession,
    waitForFacts,
    acceptTenantInvitation,
    reloadFacts,
    signOut,
    proveSecondFactor,
  };
}

describe('reading the URL', () => {
  it('takes the fragment tokens, the query type over the fragment type, and a safe next', () => {
    expect(
      readCallbackUrl('?type=admin_magiclink&next=%2Fadmin%2Fusers', '#access_token=a.b.c&refresh_token=r1&type=magiclink'),
    ).toEqual({
      invitationToken: null,
      type: 'admin_magiclink',
      orgId: null,
      tenantInvitationToken: null,
      next: '/admin/users',
      credentials: { kind: 'tokens', accessToken: 'a.b.c', refreshToken: 'r1' },
      urlError: null,
      identityLink: null,
    });
  });

  it('reads a linking return’s provider beside its code (decision 067)', () => {
    expect(readCallbackUrl('?link=keycloak&code=c0de', '')).toMatchObject({
      identityLink: 'keycloak',
      credentials: { kind: 'code', code: 'c0de' },
      next: null,
    });
  });

  it("reads a tenant invitation's token and the session the auth server appended after a second #", () => {
    // decision 030: <site>/auth/callback?type=tenant_invitation&org_id=…#tenant_invitation_token=…, then GoTrue adds #access_token=…
    expect(
      readCallbackUrl(
        `?type=tenant_invitation&org_id=${ORG}`,
        '#tenant_invitation_token=t0k3n#access_token=a.b.c&refresh_token=r1&expires_in=3600&type=magiclink',
      ),
    ).toMatchObject({
      type: 'tenant_invitation',
      orgId: ORG,
      tenantInvitationToken: 't0k3n',
      credentials: { kind: 'tokens', accessToken: 'a.b.c', refreshToken: 'r1' },
    });
    expect(readCallbackUrl(`?type=tenant_invitation&org_id=${ORG}`, '').tenantInvitationToken).toBeNull();
  });

  it('prefers a PKCE code, and drops an unsafe next', () => {
    expect(readCallbackUrl('?code=c0de&next=%2F%2Fevil.example', '')).toMatchObject({
      credentials: { kind: 'code', code: 'c0de' },
      next: null,
    });
  });

  it('needs both tokens', () => {
    expect(readCallbackUrl('', '#access_token=a.b.c').credentials).toBeNull();
    expect(readCallbackUrl('', '#refresh_token=r').credentials).toBeNull();
  });

  it("reads the auth server's refusal of the link", () => {
    expect(readCallbackUrl('?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired', '').urlError).toEqual({
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });
});

describe('isWellFormedJwt', () => {
  it('accepts three base64url segments whose first two are JSON objects', () => {
    expect(isWellFormedJwt(jwt())).toBe(true);
    expect(isWellFormedJwt(jwt({ sub: ada.id, email: 'zoë@example.org' }))).toBe(true);
  });

  it.each([['garbage'], ['a.b'], ['a.b.c.d'], ['e30.e30.'], ['!!.e30.sig'], [`${base64url('[1]')}.e30.sig`], ['bm90IGpzb24.e30.sig']])(
    'refuses %s',
    (token) => {
      expect(isWellFormedJwt(token)).toBe(false);
    },
  );
});

describe('signInCallbackMachine', () => {
  it('forwards an admin invitation, adopting the session the link carries first', async () => {
    const r = run(`/auth/callback?invitation_token=tok%2Fen#access_token=${jwt()}&refresh_token=r1`);
    // The token travels beside the address, never in it (decision 027).
    await expect(r.output()).resolves.toEqual({ to: '/admin/accept-invitation', invitationToken: 'tok/en' });
    expect(r.establishSession).toHaveBeenCalledTimes(1);
    expect(r.waitForFacts).not.toHaveBeenCalled();
  });

  it('forwards an admin invitation even when the session cannot be adopted (the acceptance page says why)', async () => {
    const r = run(`/auth/callback?invitation_token=abc#access_token=${jwt()}&refresh_token=r1`, {
      establish: () => Promise.reject(new Error('expired')),
    });
    await expect(r.output()).resolves.toEqual({ to: '/admin/accept-invitation', invitationToken: 'abc' });
  });

  it('forwards an admin invitation without credentials straight away', async () => {
    const r = run('/auth/callback?invitation_token=abc');
    await expect(r.output()).resolves.toEqual({ to: '/admin/accept-invitation', invitationToken: 'abc' });
    expect(r.establishSession).not.toHaveBeenCalled();
  });

  it('"No token found" when the URL has no credentials and the browser no session', async () => {
    const r = run('/auth/callback');
    await expect(r.output()).resolves.toEqual({
      to: '/login',
      toast: { type: 'error', title: 'Authentication Error', description: 'No token found' },
    });
  });

  it('"Invalid token structure" for an access token that is not a JWT', async () => {
    const r = run('/auth/callback#access_token=garbage&refresh_token=x');
    await expect(r.output()).resolves.toEqual({
      to: '/login',
      toast: { type: 'error', title: 'Authentication Error', description: 'Invalid token structure' },
    });
    expect(r.establishSession).not.toHaveBeenCalled();
  });

  it('"Unexpected issue" when reading the stored session throws, or the facts never come', async () => {
    const unexpected = { to: '/login', toast: { type: 'error', title: 'Authentication Error', description: 'Unexpected issue' } };
    await expect(run('/auth/callback', { current: () => Promise.reject(new Error('storage')) }).output()).resolves.toEqual(unexpected);
    await expect(run('/auth/callback?code=abc', { facts: () => Promise.reject(new Error('down')) }).output()).resolves.toEqual(unexpected);
  });

  it('"Authentication Failed" with the library\'s message when the session is refused', async () => {
    const r = run(`/auth/callback#access_token=${jwt()}&refresh_token=r1`, {
      establish: () => Promise.reject(new Error('invalid JWT: unable to parse or verify signature')),
    });
    await expect(r.output()).resolves.toEqual({
      to: '/login',
      toast: { type: 'error', title: 'Authentication Failed', description: 'invalid JWT: unable to parse or verify signature' },
    });
  });

  it('"Authentication Failed" with the library\'s message when checking whose tokens they are fails', async () => {
    const r = run(`/auth/callback#access_token=${jwt()}&refresh_token=r1`, {
      identify: () => Promise.reject(new Error('Invalid Refresh Token: Refresh Token Not Found')),
    });
    await expect(r.output()).resolves.toEqual({
      to: '/login',
      toast: { type: 'error', title: 'Authentication Failed', description: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
    expect(r.establishSession).not.toHaveBeenCalled();
  });

  it('"Authentication Failed" with the server\'s description when the link itself was refused', async () => {
    const r = run('/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    await expect(r.output()).resolves.toMatchObject({
      to: '/login',
      toast: { title: 'Authentication Failed', description: 'Email link is invalid or has expired' },
    });
  });

  it('exchanges a PKCE code, and adopts fragment tokens', async () => {
    const code = run('/auth/callback?code=c0de');
    await code.output();
    expect(code.establishSession).toHaveBeenCalledWith({ kind: 'code', code: 'c0de' });
    const token = jwt();
    const tokens = run(`/auth/callback#access_token=${token}&refresh_token=r1`);
    await tokens.output();
    expect(tokens.establishSession).toHaveBeenCalledWith({ kind: 'tokens', accessToken: token, refreshToken: 'r1' });
  });

  describe('a link for another account than the one signed in here (login CSRF)', () => {
    const otherAccount = async (credentials: Credentials): Promise<AccountCheck> => ({ current: ada, link: mallory, credentials });

    it('asks, adopting nothing, and waits for the answer however long it takes', async () => {
      const clock = new SimulatedClock();
      const r = run(`/auth/callback#access_token=${jwt({ sub: mallory.id })}&refresh_token=r1`, { identify: otherAccount }, clock);
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      expect(r.actor.getSnapshot().context).toMatchObject({ currentUser: ada, linkUser: mallory, asking: true });
      clock.increment(FALLBACK_REDIRECT_MS * 10);
      expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch');
      expect(r.establishSession).not.toHaveBeenCalled();
    });

    it('stays signed in as the person was, where that account belongs, and says so', async () => {
      const member = facts({ approval: 'approved', approvalStatus: 'approved' });
      const r = run(`/auth/callback?type=signup&next=%2Fadmin%2Fusers#access_token=${jwt()}&refresh_token=r1`, {
        identify: otherAccount,
        facts: async () => member,
      });
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      r.actor.send({ type: 'user.keepAccount' });
      // The link's type (signup) and remembered location are the link's, not the person's.
      await expect(r.output()).resolves.toEqual({ to: '/dashboard', toast: stillSignedInToast(ada.email) });
      expect(r.establishSession).not.toHaveBeenCalled();
      expect(r.actor.getSnapshot().context.user).toEqual(ada);
    });

    it('switches when the person chooses to, with the checked session', async () => {
      const checked: Credentials = { kind: 'tokens', accessToken: jwt({ sub: mallory.id, fresh: true }), refreshToken: 'r2' };
      const r = run(`/auth/callback#access_token=${jwt()}&refresh_token=r1`, {
        identify: async () => ({ current: ada, link: mallory, credentials: checked }),
        establish: async () => mallory,
      });
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      r.actor.send({ type: 'user.switchAccount' });
      await r.output();
      expect(r.establishSession).toHaveBeenCalledWith(checked);
      expect(r.waitForFacts).toHaveBeenCalled();
    });

    it('an invitation link for another account: staying forwards to the invitation screen as the person signed in', async () => {
      const r = run(`/auth/callback?invitation_token=abc#access_token=${jwt()}&refresh_token=r1`, { identify: otherAccount });
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      r.actor.send({ type: 'user.keepAccount' });
      await expect(r.output()).resolves.toEqual({ to: '/admin/accept-invitation', invitationToken: 'abc' });
      expect(r.establishSession).not.toHaveBeenCalled();
    });

    it('a tenant invitation for another account: staying accepts nothing for the person signed in', async () => {
      const r = run(
        `/auth/callback?type=tenant_invitation&org_id=${ORG}#tenant_invitation_token=t0k3n#access_token=${jwt()}&refresh_token=r1`,
        { identify: otherAccount },
      );
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      r.actor.send({ type: 'user.keepAccount' });
      await expect(r.output()).resolves.toEqual({ to: '/onboarding?step=1', toast: stillSignedInToast(ada.email) });
      expect(r.acceptTenantInvitation).not.toHaveBeenCalled();
      expect(r.establishSession).not.toHaveBeenCalled();
    });

    it('a tenant invitation for another account: switching signs in as the invitee, then accepts', async () => {
      const r = run(
        `/auth/callback?type=tenant_invitation&org_id=${ORG}#tenant_invitation_token=t0k3n#access_token=${jwt()}&refresh_token=r1`,
        { identify: async (credentials) => ({ current: ada, link: mallory, credentials }), establish: async () => mallory },
      );
      await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmingAccountSwitch'));
      r.actor.send({ type: 'user.switchAccount' });
      await expect(r.output()).resolves.toMatchObject({ to: '/dashboard', state: { fromInvitation: true } });
      expect(r.acceptTenantInvitation).toHaveBeenCalledWith({ token: 't0k3n', orgId: ORG });
    });

    it('the same account, or nobody signed in: no question', async () => {
      const same = run(`/auth/callback#access_token=${jwt()}&refresh_token=r1`, {
        identify: async (credentials) => ({ current: ada, link: ada, credentials }),
      });
      await same.output();
      expect(same.establishSession).toHaveBeenCalledTimes(1);
      const nobody = run(`/auth/callback#access_token=${jwt()}&refresh_token=r1`);
      await nobody.output();
      expect(nobody.establishSession).toHaveBeenCalledTimes(1);
    });

    it('a PKCE code is not asked about: only the browser that asked for it holds its verifier', async () => {
      const r = run('/auth/callback?code=c0de', { identify: otherAccount });
      await r.output();
      expect(r.identifyAccounts).not.toHaveBeenCalled();
      expect(r.establishSession).toHaveBeenCalledWith({ kind: 'code', code: 'c0de' });
    });
  });

  it('uses the session the browser already holds (6-digit code sign-in)', async () => {
    const r = run('/auth/callback', { current: async () => ada, facts: async () => facts({ approval: 'approved', approvalStatus: 'approved' }) });
    await expect(r.output()).resolves.toEqual({ to: '/dashboard' });
  });

  describe('otherwise: by the session facts', () => {
    it.each([
      ['a system admin', facts({ isSystemAdmin: true }), '/admin/applications'],
      ['an approved member', facts({ approval: 'approved', approvalStatus: 'approved' }), '/dashboard'],
      ['a pending applicant', facts({ approval: 'pending', approvalStatus: 'under_review' }), '/application-pending'],
      ['a person with no application', facts(), '/onboarding?step=1'],
      ['a stakeholder without an organisation', facts({ isStakeholder: true }), '/stakeholder/dashboard'],
      ['an investor without an organisation', facts({ investorLevel: 'lite' }), '/investor/dashboard'],
    ])('%s goes to %s', async (_who, personFacts, to) => {
      expect(homeFor(personFacts, 'signIn')).toBe(to);
      await expect(run('/auth/callback?code=1', { facts: async () => personFacts }).output()).resolves.toEqual({ to });
    });

    it('returns to a remembered location the person may open', async () => {
      const member = facts({ approval: 'approved', approvalStatus: 'approved' });
      await expect(run('/auth/callback?code=1&next=%2Fdashboard%2Fsettings', { facts: async () => member }).output()).resolves.toEqual({
        to: '/dashboard/settings',
      });
      const admin = facts({ isSystemAdmin: true });
      await expect(run('/auth/callback?code=1&next=%2Fadmin%2Fusers', { facts: async () => admin }).output()).resolves.toEqual({
        to: '/admin/users',
      });
    });

    it('ignores a remembered location the guard would refuse, or that no route has', async () => {
      const pending = facts({ approval: 'pending', approvalStatus: 'pending' });
      await expect(run('/auth/callback?code=1&next=%2Fdashboard%2Fsettings', { facts: async () => pending }).output()).resolves.toEqual({
        to: '/application-pending',
      });
      const admin = facts({ isSystemAdmin: true });
      await expect(run('/auth/callback?code=1&next=%2Fdashboard', { facts: async () => admin }).output()).resolves.toEqual({
        to: '/admin/applications',
      });
      await expect(run('/auth/callback?code=1&next=%2Fnowhere', { facts: async () => admin }).output()).resolves.toEqual({
        to: '/admin/applications',
      });
    });
  });

  it('signup goes to onboarding step 1', async () => {
    await expect(run('/auth/callback?code=1&type=signup').output()).resolves.toEqual({ to: '/onboarding?step=1' });
    const token = jwt();
    await expect(run(`/auth/callback#access_token=${token}&refresh_token=r&type=signup`).output()).resolves.toEqual({
      to: '/onboarding?step=1',
    });
  });

  describe('admin_magiclink', () => {
    it('takes an administrator to /admin/applications', async () => {
      const r = run('/auth/callback?code=1&type=admin_magiclink', { facts: async () => facts({ isSystemAdmin: true }) });
      await expect(r.output()).resolves.toEqual({ to: '/admin/applications' });
      expect(r.signOut).not.toHaveBeenCalled();
    });

    it('signs anyone else out and sends them to /login with "Access Denied"', async () => {
      const member = facts({ approval: 'approved', approvalStatus: 'approved' });
      const r = run('/auth/callback?code=1&type=admin_magiclink', { facts: async () => member });
      await expect(r.output()).resolves.toEqual({ to: '/login', toast: ADMIN_ONLY_TOAST });
      expect(r.signOut).toHaveBeenCalledTimes(1);
    });

    it('refuses them even when signing out fails', async () => {
      const r = run('/auth/callback?code=1&type=admin_magiclink', { signOut: () => Promise.reject(new Error('offline')) });
      await expect(r.output()).resolves.toEqual({ to: '/login', toast: ADMIN_ONLY_TOAST });
    });
  });

  describe('tenant_invitation', () => {
    const link = `/auth/callback?code=1&type=tenant_invitation&org_id=${ORG}#tenant_invitation_token=t0k3n`;
    const refusal = (code: string) => () => Promise.reject(Object.assign(new Error('refused'), { code }));

    it('accepts a valid invitation, reloads the facts, then /dashboard as an invited person with the welcome toast', async () => {
      const r = run(link);
      await expect(r.output()).resolves.toEqual({
        to: '/dashboard',
        state: { fromInvitation: true },
        toast: welcomeToast('Northwind Learning Trust'),
      });
      expect(r.acceptTenantInvitation).toHaveBeenCalledWith({ token: 't0k3n', orgId: ORG });
      expect(r.reloadFacts).toHaveBeenCalledTimes(1);
    });

    it('"Invitation Error" without a usable org_id or without the token, asking nothing of the database', async () => {
      for (const url of [
        '/auth/callback?code=1&type=tenant_invitation#tenant_invitation_token=t0k3n',
        '/auth/callback?code=1&type=tenant_invitation&org_id=not-a-uuid#tenant_invitation_token=t0k3n',
        `/auth/callback?code=1&type=tenant_invitation&org_id=${ORG}`,
      ]) {
        const r = run(url);
        await expect(r.output()).resolves.toEqual({ to: '/onboarding?step=1', toast: INVITATION_INVALID_TOAST });
        expect(r.acceptTenantInvitation).not.toHaveBeenCalled();
      }
    });

    it('"Invitation Error" when the database says the link is not a good invitation for this person', async () => {
      for (const code of ['invalid_token', 'revoked', 'already_used', 'email_mismatch']) {
        const r = run(link, { accept: refusal(code) });
        await expect(r.output()).resolves.toEqual({ to: '/onboarding?step=1', toast: INVITATION_INVALID_TOAST });
        expect(r.reloadFacts).not.toHaveBeenCalled();
      }
    });

    it('"Invitation Failed" for any other refusal or a failed request', async () => {
      const member = facts({ approval: 'approved', approvalStatus: 'approved' });
      for (const accept of [
        refusal('already_in_organization'),
        refusal('organization_suspended'),
        refusal('not_authenticated'),
        () => Promise.reject(new Error('offline')),
      ]) {
        const r = run(link, { facts: async () => member, accept });
        await expect(r.output()).resolves.toEqual({ to: '/dashboard', toast: INVITATION_FAILED_TOAST });
      }
    });

    it('an expired invitation, signed in: where they belong, told to contact the system administrator', async () => {
      const r = run(link, { accept: refusal('expired') });
      await expect(r.output()).resolves.toEqual({ to: '/onboarding?step=1', toast: INVITATION_EXPIRED_TOAST });
    });

    it('an expired sign-in link tells the person to contact the system administrator', async () => {
      const r = run(`/auth/callback?type=tenant_invitation&org_id=${ORG}&error=access_denied&error_code=otp_expired&error_description=expired`);
      await expect(r.output()).resolves.toEqual({ to: '/login', toast: INVITATION_EXPIRED_TOAST });
      expect(INVITATION_EXPIRED_TOAST.description).toMatch(/contact the system administrator/);
    });
  });

  describe('second factor (decision 041)', () => {
    const AAL1_WITH_FACTOR = { assurance: { current: 'aal1', next: 'aal2' } } as const;
    const AAL2 = { assurance: { current: 'aal2', next: 'aal2' } } as const;
    const admin = (level: Pick<SignedInFacts, 'assurance'>) => facts({ isSystemAdmin: true, ...level });
    /** The session's facts: aal1 until the code is proved, aal2 after the reload that follows. */
    function session(start: SignedInFacts, proved: SignedInFacts) {
      let current = start;
      return {
        facts: async () => current,
        reload: async () => {
          current = proved;
        },
      };
    }
    const challenged = (r: ReturnType<typeof run>) => waitFor(r.actor, (s) => s.hasTag('challenging') && !s.hasTag('verifyingCode'));

    it('stops an administrator with a verified factor at the challenge, and sends them on once the code is proved', async () => {
      const s = session(admin(AAL1_WITH_FACTOR), admin(AAL2));
      const r = run('/auth/callback?code=1&next=%2Fadmin%2Fusers', { facts: s.facts, reload: s.reload });
      await challenged(r);
      expect(r.actor.getSnapshot().value).toEqual({ challengingSecondFactor: 'awaitingCode' });
      r.actor.send({ type: 'user.submitCode', code: '123456' });
      await expect(r.output()).resolves.toEqual({ to: '/admin/users' });
      expect(r.proveSecondFactor).toHaveBeenCalledWith({ code: '123456' });
      // The session loaded the aal2 facts before the callback let go: the guard will not ask again.
      expect(r.reloadFacts).toHaveBeenCalledTimes(1);
      expect(r.waitForFacts).toHaveBeenCalledTimes(2);
    });

    it('says why a wrong code was refused and asks again; the next good code goes on', async () => {
      const s = session(facts({ approval: 'approved', approvalStatus: 'approved', ...AAL1_WITH_FACTOR }), facts({ approval: 'approved', approvalStatus: 'approved', ...AAL2 }));
      let tries = 0;
      const r = run('/auth/callback?code=1', {
        ...s,
        prove: async () => {
          tries += 1;
          if (tries === 1) throw Object.assign(new Error('That code is not right.'), { code: 'mfa_verification_failed' });
        },
      });
      await challenged(r);
      r.actor.send({ type: 'user.submitCode', code: '000000' });
      await waitFor(r.actor, (snap) => snap.context.codeError !== null);
      expect(r.actor.getSnapshot().value).toEqual({ challengingSecondFactor: 'awaitingCode' });
      expect(r.actor.getSnapshot().context.codeError).toBe('That code is not right.');
      r.actor.send({ type: 'user.submitCode', code: '654321' });
      await expect(r.output()).resolves.toEqual({ to: '/dashboard' });
    });

    it('accepts no tenant invitation before the code is proved', async () => {
      const r = run(`/auth/callback?code=1&type=tenant_invitation&org_id=${ORG}#tenant_invitation_token=t0k3n`, {
        facts: async () => facts(AAL1_WITH_FACTOR),
      });
      await challenged(r);
      expect(r.acceptTenantInvitation).not.toHaveBeenCalled();
    });

    it('"Cancel and sign out" signs out and goes to the login page, even if signing out fails', async () => {
      for (const signOut of [async () => undefined, () => Promise.reject(new Error('offline'))]) {
        const r = run('/auth/callback?code=1', { facts: async () => admin(AAL1_WITH_FACTOR), signOut });
        await challenged(r);
        r.actor.send({ type: 'user.cancelChallenge' });
        await expect(r.output()).resolves.toEqual({ to: '/login', toast: CHALLENGE_CANCELLED_TOAST });
        expect(r.signOut).toHaveBeenCalledTimes(1);
        expect(r.proveSecondFactor).not.toHaveBeenCalled();
      }
    });

    it('does not challenge a session already at aal2, nor a person without a verified factor', async () => {
      for (const level of [AAL2, { assurance: { current: 'aal1', next: 'aal1' } } as const]) {
        const r = run('/auth/callback?code=1', { facts: async () => admin(level) });
        await expect(r.output()).resolves.toEqual({ to: '/admin/applications' });
        expect(r.proveSecondFactor).not.toHaveBeenCalled();
      }
    });

    it(`leaves the code to the person: the ${FALLBACK_REDIRECT_MS} ms fallback does not send them on meanwhile`, async () => {
      const clock = new SimulatedClock();
      const r = run('/auth/callback?code=1', { facts: async () => admin(AAL1_WITH_FACTOR) }, clock);
      await challenged(r);
      clock.increment(FALLBACK_REDIRECT_MS * 3);
      expect(r.actor.getSnapshot().status).toBe('active');
      expect(r.actor.getSnapshot().hasTag('challenging')).toBe(true);
    });
  });

  it(`goes to /dashboard if nothing else has happened after ${FALLBACK_REDIRECT_MS} ms`, async () => {
    const clock = new SimulatedClock();
    const r = run('/auth/callback?code=1', { facts: () => new Promise(() => undefined) }, clock);
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('awaitingFacts'));
    clock.increment(FALLBACK_REDIRECT_MS - 1);
    expect(r.actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    await expect(r.output()).resolves.toEqual({ to: '/dashboard' });
  });

  it('"Unexpected issue" when the URL cannot be read', async () => {
    const actor = createActor(
      signInCallbackMachine.provide({ actors: { readUrl: fromPromise<CallbackUrl>(() => Promise.reject(new Error('no location'))) } }),
      { input: { routeKindOf } },
    ).start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ to: '/login', toast: { type: 'error', title: 'Authentication Error', description: 'Unexpected issue' } });
  });

  it('names its delay after the spec constant', () => {
    expect(signInCallbackMachine.implementations.delays.fallbackRedirect).toBe(FALLBACK_REDIRECT_MS);
    expect(ACCESS_KINDS).toContain('member');
  });
});
