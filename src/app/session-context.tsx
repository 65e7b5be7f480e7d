import { createActorContext } from '@xstate/react';
import { useMemo, useRef, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';

import type { SessionFacts } from '../../machines/access';
import { factsOf, sessionMachine } from '../../machines/session.machine';
import { createSessionActors } from '../actors/session-actors';
import { showToast } from '../components/toaster';
import { supabase, type AccordClient } from '../data/client';

/**
 * The session: one long-lived actor for the whole app (handbook §3), created
 * here at the root. Components read it through the hooks below and never see
 * the machine's states or events.
 */
const SessionActor = createActorContext(sessionMachine);

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export interface SessionProviderProps {
  children: ReactNode;
  /** Where the app navigates, e.g. the data router's `navigate`: the provider sits outside the router. */
  navigate: (to: string) => void;
  client?: AccordClient;
  /** Tests pass the machine with fake actors; the app uses the real ones. */
  logic?: typeof sessionMachine;
}

export function SessionProvider({ children, navigate, client = supabase, logic }: SessionProviderProps) {
  // The latest navigate without re-providing the machine on every render.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const machine = useMemo(
    () =>
      (logic ?? sessionMachine.provide({ actors: createSessionActors(client) })).provide({
        actions: {
          // After the current task: clearing the facts makes a guarded page
          // redirect to /login?next=<that page> in the same task, and the latest
          // navigation wins. An explicit sign-out goes to plain /login (spec §4)
          // and must not remember the page for the next person at this screen.
          navigate: (_, params) => {
            setTimeout(() => navigateRef.current(params.to), 0);
          },
          toast: (_, params) => showToast(params),
        },
      }),
    [client, logic],
  );
  return <SessionActor.Provider logic={machine}>{children}</SessionActor.Provider>;
}

function sameFacts(a: SessionFacts, b: SessionFacts): boolean {
  if (a === b) return true;
  const keysA = Object.keys(a) as (keyof typeof a)[];
  return keysA.length === Object.keys(b).length && keysA.every((key) => a[key] === b[key as keyof typeof b]);
}

const selectFacts = (snapshot: SessionSnapshot) => factsOf(snapshot);

/** What the app knows about the visitor: loading, signed out, signed in with facts, or failed to load. */
export function useSessionFacts(): SessionFacts {
  return SessionActor.useSelector(selectFacts, sameFacts);
}

/** The session facade: the facts plus the two things a person can do about them. */
export function useSession() {
  const actor = SessionActor.useActorRef();
  const facts = useSessionFacts();
  const isSigningOut = SessionActor.useSelector((snapshot) => snapshot.hasTag('signingOut'));
  return useMemo(
    () => ({
      facts,
      isSigningOut,
      signOut: () => actor.send({ type: 'user.signOut' }),
      retry: () => actor.send({ type: 'user.retry' }),
    }),
    [actor, facts, isSigningOut],
  );
}

/** The session actor itself, for flows that wait on it (the sign-in callback). */
export function useSessionActorRef(): SessionActorRef {
  return SessionActor.useActorRef();
}
