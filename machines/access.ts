/**
 * Route access as one pure decision: given a route's access kind (from the
 * route table), what the app knows about the visitor (the session machine's
 * facts) and where they are, may they see the page, must they go elsewhere, or
 * must the app wait until it knows?
 *
 * The route guard (src/app/route-guard.tsx) renders this decision and the
 * sign-in callback reuses it to decide whether a remembered location may be
 * honoured, so "who may see what" is written exactly once. The rules, and the
 * choices the spec leaves open, are recorded in
 * docs/decisions/008-route-access-and-remembered-locations.md.
 */

/** Who may open a route; every entry of src/routes/routes.ts carries one. */
export type AccessKind = 'public' | 'auth' | 'member' | 'admin' | 'stakeholder' | 'investor:lite' | 'investor:data_room';

export const ACCESS_KINDS: readonly AccessKind[] = [
  'public',
  'auth',
  'member',
  'admin',
  'stakeholder',
  'investor:lite',
  'investor:data_room',
];

/** Raw approval status as check_user_org_approval_status answers it (null: no application). */
export type ApprovalStatus = 'pending' | 'under_review' | 'approved' | 'rejected';

/**
 * What the app does with the approval status (spec §4): no application → onboarding;
 * approved → member area; any other value → the pending screen. `rejected` is "pending"
 * here on purpose: the applicant is shown their decision on /application-pending
 * (docs/decisions/010-session-facts-and-approval-mapping.md).
 */
export type Approval = 'none' | 'pending' | 'approved';

/** Investor access levels, ordered: a level includes every level before it. */
export const INVESTOR_LEVELS = ['lite', 'data_room'] as const;
export type InvestorLevel = (typeof INVESTOR_LEVELS)[number];

/**
 * Authenticator assurance levels as the auth server's access token carries them
 * (`aal` claim): aal1 after a magic link, code or provider, aal2 after a second
 * factor as well. Anything the server might add later is read as aal1.
 */
export type AssuranceLevel = 'aal1' | 'aal2';

/**
 * supabase-js's getAuthenticatorAssuranceLevel: `current` is this session's
 * level, `next` the level it can reach (aal2 exactly when the person has a
 * verified factor).
 */
export interface Assurance {
  current: AssuranceLevel;
  next: AssuranceLevel;
}

/** Nobody has proved a second factor and nobody has one: what a session without factors reads as. */
export const FIRST_FACTOR_ONLY: Assurance = { current: 'aal1', next: 'aal1' };

export function toAssuranceLevel(level: string | null | undefined): AssuranceLevel {
  return level === 'aal2' ? 'aal2' : 'aal1';
}

/** The person has a verified second factor. */
export function hasSecondFactor(facts: Pick<SignedInFacts, 'assurance'>): boolean {
  return facts.assurance.next === 'aal2';
}

/** The person has a verified second factor and this session has not proved it yet. */
export function needsSecondFactor(facts: Pick<SignedInFacts, 'assurance'>): boolean {
  return facts.assurance.next === 'aal2' && facts.assurance.current !== 'aal2';
}

export interface SessionProfile {
  id: string;
  email: string | null;
  full_name: string | null;
}

/** Everything the guards and the nav bar know about a signed-in person. */
export interface SignedInFacts {
  userId: string;
  email: string;
  profile: SessionProfile;
  isSystemAdmin: boolean;
  isOrgAdmin: boolean;
  approval: Approval;
  /** The raw answer, kept so screens can tell `under_review` and `rejected` apart. */
  approvalStatus: ApprovalStatus | null;
  isStakeholder: boolean;
  investorLevel: InvestorLevel | null;
  /** How strongly this session was signed in, and how strongly it could be (decision 041). */
  assurance: Assurance;
}

/** What the session machine exposes; `error` means a session exists but its facts could not be loaded. */
export type SessionFacts =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'error'; userId: string; email: string; message: string }
  | ({ status: 'signedIn' } & SignedInFacts);

export interface AccessLocation {
  pathname: string;
  search: string;
  /** React Router's location state; `{ fromInvitation: true }` marks an arrival from an invitation. */
  state?: unknown;
}

export interface AccessToast {
  type: 'info' | 'warning' | 'error' | 'success';
  title: string;
  description: string;
}

export type AccessDecision =
  | { type: 'allow' }
  /** Facts are still loading: show a loading state, decide again when they arrive. */
  | { type: 'wait' }
  /** A session exists but its facts failed to load: say so and offer a retry. */
  | { type: 'unavailable'; message: string }
  | { type: 'redirect'; to: string; toast?: AccessToast }
  /**
   * The page needs aal2 and the person has a verified factor this session has
   * not proved: ask for the code here, in place (decision 041). Redirecting to
   * a challenge page would only come back here.
   */
  | { type: 'challenge' };

/** What a route asks beyond its kind (the route table's data). */
export interface AccessRequirement {
  /** The page needs aal2 from anyone who has a verified factor (decision 041). */
  requiresAal2?: boolean;
}

export const ACCESS_DENIED_TOAST: AccessToast = {
  type: 'error',
  title: 'Access Denied',
  description: "You don't have permission to access this area",
};
export const UNDER_REVIEW_TOAST: AccessToast = {
  type: 'info',
  title: 'Application Status',
  description: 'Your application is still under review',
};
export const ONBOARDING_TOAST: AccessToast = {
  type: 'info',
  title: 'Application Status',
  description: 'Please complete your onboarding process',
};

export const LOGIN_PATH = '/login';
export const APPLICATION_PENDING_PATH = '/application-pending';
/** The query parameter of /login and /auth/callback that carries the remembered location. */
export const NEXT_PARAM = 'next';

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * The parameters of a query string or URL fragment (`?a=1&b=2`, `#a=1`), first
 * value wins. Machines have no DOM, so no URLSearchParams; this decodes the same way.
 */
export function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const body = text.startsWith('?') || text.startsWith('#') ? text.slice(1) : text;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decodeComponent(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : decodeComponent(pair.slice(at + 1));
    if (!params.has(key)) params.set(key, value);
  }
  return params;
}

export function queryParam(search: string, name: string): string | null {
  return parseParams(search).get(name) ?? null;
}

/** Maps the RPC's answer to the app's three-way approval (spec §4: any other value is pending). */
export function toApproval(status: string | null): Approval {
  if (status === null) return 'none';
  return status === 'approved' ? 'approved' : 'pending';
}

/** Narrows the RPC's text answer; an unknown value is kept as pending, as the spec asks. */
export function toApprovalStatus(status: string | null): ApprovalStatus | null {
  if (status === null) return null;
  return status === 'pending' || status === 'under_review' || status === 'approved' || status === 'rejected'
    ? status
    : 'pending';
}

/** data_room includes lite (docs/decisions/009-investor-levels.md); the database's has_investor_level agrees. */
export function hasInvestorLevel(held: InvestorLevel | null, required: InvestorLevel): boolean {
  if (held === null) return false;
  return INVESTOR_LEVELS.indexOf(held) >= INVESTOR_LEVELS.indexOf(required);
}

// Paths that must never be remembered: returning to them after sign-in would
// loop through the sign-in machinery again.
const NEVER_REMEMBERED = [/^\/login(?:[/?#]|$)/, /^\/accord-login(?:[/?#]|$)/, /^\/auth\//];

/**
 * Query and fragment parameters that carry a secret: an invitation's token,
 * a sign-in code, session tokens. An address is never remembered, or copied
 * into another address, with them (decision 027): that would put the secret
 * back in the history and the address bar, and into a sign-in link's mail.
 */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'invitation_token',
  'tenant_invitation_token',
  'token_hash',
  'code',
  'access_token',
  'refresh_token',
  'provider_token',
  'provider_refresh_token',
]);

/**
 * A query (`?a=1&token=x`) or fragment (`#token=x`) without its secret
 * parameters, the rest as written; '' when nothing else remains. A fragment
 * that is not parameters (`#pricing`) is left alone.
 */
export function withoutSecretParams(text: string): string {
  if (text === '' || text === '?' || text === '#') return '';
  const mark = text[0] === '?' || text[0] === '#' ? text[0] : '';
  const body = mark === '' ? text : text.slice(1);
  if (mark === '#' && !body.includes('=')) return text;
  const kept = body.split('&').filter((pair) => {
    if (pair === '') return false;
    const at = pair.indexOf('=');
    return !SECRET_PARAMS.has(decodeComponent(at === -1 ? pair : pair.slice(0, at)));
  });
  return kept.length === 0 ? '' : `${mark}${kept.join('&')}`;
}

/** A path with secrets taken out of its query and fragment (withoutSecretParams). */
function withoutSecrets(path: string): string {
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  return `${pathname}${withoutSecretParams(search)}${withoutSecretParams(hash)}`;
}

/**
 * `value` as a path inside this app, or null. Only same-origin paths are
 * remembered: `//evil.example` and `/\evil.example` are protocol-relative to
 * browsers, and anything with a scheme (`javascript:`, `https:`) or control
 * characters is refused outright, so a crafted `?next=` cannot send a person
 * off-site after they sign in. Secrets in its query or fragment (an
 * invitation's token, a sign-in code) are dropped: see SECRET_PARAMS.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters and whitespace are what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  // A scheme hidden behind encoding (e.g. "/%2F%2Fevil") still has to survive one decoding.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.startsWith('/\\') || /^[a-z][a-z0-9+.-]*:/i.test(decoded.slice(1))) return null;
  if (NEVER_REMEMBERED.some((pattern) => pattern.test(value))) return null;
  return withoutSecrets(value);
}

/** `/login?next=…` for a location, keeping only what may safely be remembered. */
export function loginRedirectFor(location: Pick<AccessLocation, 'pathname' | 'search'>): string {
  const remembered = safeInternalPath(`${location.pathname}${location.search}`);
  return remembered ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(remembered)}` : LOGIN_PATH;
}

/** Spec §6: arriving from an invitation is told by router state or `?from=invitation`. */
export function isFromInvitation(location: AccessLocation): boolean {
  const state = location.state;
  if (typeof state === 'object' && state !== null && (state as { fromInvitation?: unknown }).fromInvitation === true) {
    return true;
  }
  return queryParam(location.search, 'from') === 'invitation';
}

export const ONBOARDING_START_PATH = '/onboarding?step=1';
export const ADMIN_HOME_PATH = '/admin/dashboard';
/** Spec §4: where a system administrator lands after signing in. */
export const ADMIN_SIGN_IN_PATH = '/admin/applications';

/**
 * Why the app is asking where a signed-in person belongs: the spec sends a
 * system administrator to different places on different occasions.
 *
 * - signIn: the sign-in callback's "otherwise" and administrator-link branches,
 *   when no remembered location applies (spec §4).
 * - refused: sent away from a page that is not theirs: a system administrator
 *   on a member page (spec §6), anyone outside the stakeholder area.
 * - onboarding: someone on /onboarding. Without an application that is where
 *   they belong, whatever else they are (a stakeholder or investor may still
 *   apply for an organisation); with one, they go on as after signing in.
 */
export type HomeOccasion = 'signIn' | 'refused' | 'onboarding';

/**
 * THE answer to "where does this person belong?" (decision 029). The callback,
 * the guards and the onboarding page all ask it; only the occasion differs.
 *
 * | facts (first that holds)       | signIn              | refused          | onboarding        |
 * |--------------------------------|---------------------|------------------|-------------------|
 * | system administrator           | /admin/applications | /admin/dashboard | /admin/applications |
 * | approved application           | /dashboard          | /dashboard       | /dashboard        |
 * | pending, under review, rejected| /application-pending| same             | same              |
 * | no application, stakeholder    | /stakeholder/dashboard | same          | /onboarding?step=1 |
 * | no application, investor       | /investor/dashboard | same             | /onboarding?step=1 |
 * | no application, nothing else   | /onboarding?step=1  | /                | /onboarding?step=1 |
 *
 * Being an organisation admin changes nothing here. The last "refused" cell is
 * decision 008's: a person refused the stakeholder area is not thereby asked to apply.
 */
export function homeFor(facts: SignedInFacts, occasion: HomeOccasion): string {
  if (facts.isSystemAdmin) return occasion === 'refused' ? ADMIN_HOME_PATH : ADMIN_SIGN_IN_PATH;
  if (facts.approval === 'approved') return '/dashboard';
  if (facts.approval === 'pending') return APPLICATION_PENDING_PATH;
  // No application. People who hold a network role without an organisation are
  // not applicants, unless they came to apply.
  if (occasion === 'onboarding') return ONBOARDING_START_PATH;
  if (facts.isStakeholder) return '/stakeholder/dashboard';
  if (facts.investorLevel !== null) return '/investor/dashboard';
  return occasion === 'signIn' ? ONBOARDING_START_PATH : '/';
}

function decideMember(facts: SignedInFacts, location: AccessLocation): AccessDecision {
  // Spec §6: system admins bypass application checks and belong in the back office.
  if (facts.isSystemAdmin) return { type: 'redirect', to: homeFor(facts, 'refused') };
  const onPendingPage = location.pathname === APPLICATION_PENDING_PATH;
  if (facts.approval === 'approved') {
    // The "under review" screen would be untrue for an approved member.
    return onPendingPage ? { type: 'redirect', to: '/dashboard' } : { type: 'allow' };
  }
  if (facts.approval === 'pending') {
    // The pending screen is where a pending (or rejected) applicant belongs: never redirect it to itself.
    if (onPendingPage) return { type: 'allow' };
    // A rejected applicant is not "still under review": they are taken to their decision without that toast.
    return facts.approvalStatus === 'rejected'
      ? { type: 'redirect', to: APPLICATION_PENDING_PATH }
      : { type: 'redirect', to: APPLICATION_PENDING_PATH, toast: UNDER_REVIEW_TOAST };
  }
  // No application. Spec §6's exception: an invited person whose status is not known yet.
  if (isFromInvitation(location) && !onPendingPage) return { type: 'allow' };
  return { type: 'redirect', to: '/onboarding', toast: ONBOARDING_TOAST };
}

/**
 * The access decision for one route. Pure: the same kind, facts and location
 * always give the same answer, so it is tested for every route × every kind of person.
 */
export function decideAccess(
  kind: AccessKind,
  facts: SessionFacts,
  location: AccessLocation,
  requirement: AccessRequirement = {},
): AccessDecision {
  const decision = decideKind(kind, facts, location);
  // Only someone the page would let in is asked for a code: anyone else is
  // sent where they belong without being asked to prove anything first.
  if (decision.type === 'allow' && requirement.requiresAal2 && facts.status === 'signedIn' && needsSecondFactor(facts)) {
    return { type: 'challenge' };
  }
  return decision;
}

function decideKind(kind: AccessKind, facts: SessionFacts, location: AccessLocation): AccessDecision {
  if (kind === 'public' || kind === 'auth') return { type: 'allow' };
  if (facts.status === 'loading') return { type: 'wait' };
  if (facts.status === 'signedOut') return { type: 'redirect', to: loginRedirectFor(location) };
  if (facts.status === 'error') return { type: 'unavailable', message: facts.message };

  switch (kind) {
    case 'member':
      return decideMember(facts, location);
    case 'admin':
      return facts.isSystemAdmin ? { type: 'allow' } : { type: 'redirect', to: '/dashboard', toast: ACCESS_DENIED_TOAST };
    case 'stakeholder':
      return facts.isStakeholder || facts.isSystemAdmin
        ? { type: 'allow' }
        : { type: 'redirect', to: homeFor(facts, 'refused'), toast: ACCESS_DENIED_TOAST };
    case 'investor:lite':
    case 'investor:data_room': {
      const required: InvestorLevel = kind === 'investor:lite' ? 'lite' : 'data_room';
      if (facts.isSystemAdmin || hasInvestorLevel(facts.investorLevel, required)) return { type: 'allow' };
      // A lite investor asking for the data room keeps their dashboard; anyone else learns how access is obtained.
      const to = facts.investorLevel !== null ? '/investor/dashboard' : '/investors/access';
      return { type: 'redirect', to, toast: ACCESS_DENIED_TOAST };
    }
  }
}
