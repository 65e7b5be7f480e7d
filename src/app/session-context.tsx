import type { Session } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { supabase, type AccordClient } from '../data/client';
import { useIsUserAdmin } from '../data/auth/is-user-admin';

/**
 * The few facts about the visitor that the shell needs (nav bar, guards).
 * The session machine (next issue) will provide the same shape.
 */
export type SessionFacts =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'signedIn'; email: string; isSystemAdmin: boolean };

interface SignedInUser {
  id: string;
  email: string;
}

type AuthState = { known: false } | { known: true; user: SignedInUser | null };

const SessionFactsContext = createContext<SessionFacts | null>(null);

function userOf(session: Session | null): SignedInUser | null {
  if (!session) return null;
  return { id: session.user.id, email: session.user.email ?? '' };
}

function sameUser(a: SignedInUser | null, b: SignedInUser | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.email === b.email);
}

export function SessionFactsProvider({ children, client = supabase }: { children: ReactNode; client?: AccordClient }) {
  const [auth, setAuth] = useState<AuthState>({ known: false });

  useEffect(() => {
    let active = true;
    const apply = (session: Session | null) => {
      if (!active) return;
      const user = userOf(session);
      // SIGNED_IN also fires on tab refocus and from other tabs: only a different
      // user (or e-mail) is news, so the same user does not re-render the app.
      setAuth((previous) => (previous.known && sameUser(previous.user, user) ? previous : { known: true, user }));
    };
    // Synchronous on purpose: awaiting a client call inside this callback
    // deadlocks supabase-js, so it only records what the event says.
    const {
      data: { subscription },
    } = client.auth.onAuthStateChange((_event, session) => {
      apply(session);
    });
    client.auth.getSession().then(
      ({ data }) => apply(data.session),
      () => apply(null),
    );
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [client]);

  const user = auth.known ? auth.user : null;
  const admin = useIsUserAdmin(user?.id ?? null, client);

  const facts = useMemo<SessionFacts>(() => {
    if (!auth.known) return { status: 'loading' };
    if (!auth.user) return { status: 'signedOut' };
    // Until the admin check answers, the dashboard button's label is unknown.
    if (admin.data === undefined && admin.error === undefined) return { status: 'loading' };
    // A failed check must not grant the admin view; the server enforces access anyway.
    return { status: 'signedIn', email: auth.user.email, isSystemAdmin: admin.data === true };
  }, [auth, admin.data, admin.error]);

  return <SessionFactsContext.Provider value={facts}>{children}</SessionFactsContext.Provider>;
}

export function useSessionFacts(): SessionFacts {
  const facts = useContext(SessionFactsContext);
  if (facts === null) throw new Error('useSessionFacts must be used inside <SessionFactsProvider>.');
  return facts;
}
