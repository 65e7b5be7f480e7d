import type { AuthChangeEvent, Session } from '@supabase/supabase-js';

import type { LoadedFacts } from '../../machines/session.machine';
import type { AccordClient } from '../data/client';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export interface FakePerson {
  id: string;
  email: string;
  facts?: Partial<LoadedFacts>;
  organization?: { id: string; name: string } | null;
}

export function sessionOf(person: Pick<FakePerson, 'id' | 'email'>): Session {
  return {
    access_token: 'at',
    refresh_token: 'rt',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: person.id, email: person.email },
  } as Session;
}

/**
 * A stand-in for the supabase-js client with just the calls the session and
 * the organisation loader make, answering from `people`, and logging every
 * request the way the network would see it (`rpc/is_user_admin`,
 * `profiles?select`, …) so tests can count them.
 */
export function createFakeSupabase({
  people = [] as FakePerson[],
  signedIn = null as FakePerson | null,
  /** PKCE codes this fake auth server will exchange, and for whom. */
  codes = {} as Record<string, FakePerson>,
} = {}) {
  const listeners = new Set<Listener>();
  const requests: string[] = [];
  let current: Session | null = signedIn ? sessionOf(signedIn) : null;
  const person = (id: string) => people.find((p) => p.id === id);
  const factsOf = (id: string): LoadedFacts => ({
    profile: { id, email: person(id)?.email ?? null, full_name: null },
    isSystemAdmin: false,
    isOrgAdmin: false,
    approvalStatus: null,
    isStakeholder: false,
    investorLevel: null,
    assurance: { current: 'aal1', next: 'aal1' },
    ...person(id)?.facts,
  });

  const emit = (event: AuthChangeEvent, session: Session | null) => {
    current = session;
    listeners.forEach((listener) => listener(event, session));
  };

  const rpcAnswers: Record<string, (id: string) => unknown> = {
    is_user_admin: (id) => factsOf(id).isSystemAdmin,
    is_any_organization_admin: (id) => factsOf(id).isOrgAdmin,
    check_user_org_approval_status: (id) => factsOf(id).approvalStatus,
  };

  function from(table: string) {
    const filters: Record<string, string> = {};
    const answer = (): unknown => {
      const id = filters.user_id ?? filters.id ?? '';
      switch (table) {
        case 'profiles':
          return factsOf(id).profile;
        case 'stakeholders':
          return factsOf(id).isStakeholder ? { user_id: id } : null;
        case 'investor_access': {
          const level = factsOf(id).investorLevel;
          return level ? { level } : null;
        }
        case 'organization_members': {
          const organization = person(id)?.organization;
          return organization ? { organization_id: organization.id } : null;
        }
        case 'organizations':
          return people.map((p) => p.organization).find((org) => org?.id === id) ?? null;
        default:
          return null;
      }
    };
    const query = {
      select: () => query,
      eq: (column: string, value: string) => {
        filters[column] = value;
        return query;
      },
      single: async () => {
        requests.push(`${table}?single`);
        const data = answer();
        return data ? { data, error: null } : { data: null, error: { message: 'not found', code: 'PGRST116' } };
      },
      maybeSingle: async () => {
        requests.push(`${table}?maybeSingle`);
        return { data: answer(), error: null };
      },
    };
    return query;
  }

  const client = {
    auth: {
      onAuthStateChange: (listener: Listener) => {
        listeners.add(listener);
        // Like supabase-js: INITIAL_SESSION arrives after the stored session has been read.
        queueMicrotask(() => listener('INITIAL_SESSION', current));
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
      getSession: async () => ({ data: { session: current }, error: null }),
      mfa: {
        // Read from the stored session in supabase-js: no request.
        getAuthenticatorAssuranceLevel: async () => {
          const assurance = current ? factsOf(current.user.id).assurance : null;
          return {
            data: { currentLevel: assurance?.current ?? null, nextLevel: assurance?.next ?? null, currentAuthenticationMethods: [] },
            error: null,
          };
        },
      },
      exchangeCodeForSession: async (code: string) => {
        requests.push('auth/token?grant_type=pkce');
        const owner = codes[code];
        if (!owner) return { data: { session: null, user: null }, error: { message: 'invalid flow state, no valid flow state found', status: 404 } };
        const session = sessionOf(owner);
        emit('SIGNED_IN', session);
        return { data: { session, user: session.user }, error: null };
      },
      signOut: async () => {
        requests.push('auth/logout');
        emit('SIGNED_OUT', null);
        return { error: null };
      },
    },
    rpc: async (fn: string, args: { user_uuid: string }) => {
      requests.push(`rpc/${fn}`);
      return { data: rpcAnswers[fn]?.(args.user_uuid) ?? null, error: null };
    },
    from,
  } as unknown as AccordClient;

  return {
    client,
    requests,
    /** Requests to the role-check RPCs: what the guard's facts cost. */
    rpcRequests: () => requests.filter((r) => r.startsWith('rpc/')),
    signIn: (p: FakePerson) => emit('SIGNED_IN', sessionOf(p)),
    emit,
  };
}
