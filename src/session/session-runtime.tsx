import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';

import type { SessionFacts } from '../../machines/access';
import { factsOf, sessionMachine } from '../../machines/session.machine';
import { createSessionActors } from '../actors/session-actors';
import { showToast } from '../components/toast';
import { supabase, type AccordClient } from '../data/client';
import { shallowEqual } from '../components/shallow-equal';

/**
 * The session machine and its Supabase-backed actors: loaded only when someone
 * may be signed in (session-context.tsx decides), because supabase-js and
 * XState together weigh more than a visitor's whole first page.
 */
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export interface SessionReport {
  facts: SessionFacts;
  isSigningOut: boolean;
}

/** What the runtime hands the provider once it runs: the actor, and its facts on demand. */
export interface SessionHandle {
  actor: SessionActorRef;
  subscribe: (onChange: () => void) => () => void;
  /** The same object for as long as the facts are the same (useSyncExternalStore needs that). */
  read: () => SessionReport;
}

export interface SessionRuntimeProps {
  navigate: (to: string) => void;
  client?: AccordClient;
  logic?: typeof sessionMachine;
  onReady: (handle: SessionHandle) => void;
}

function handleOf(actor: SessionActorRef): SessionHandle {
  let last: SessionReport | null = null;
  const reportOf = (snapshot: SessionSnapshot): SessionReport => {
    const facts = factsOf(snapshot);
    const isSigningOut = snapshot.hasTag('signingOut');
    if (last && last.isSigningOut === isSigningOut && shallowEqual(last.facts, facts)) return last;
    last = { facts, isSigningOut };
    return last;
  };
  return {
    actor,
    subscribe: (onChange) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    read: () => reportOf(actor.getSnapshot()),
  };
}

export default function SessionRuntime({ navigate, client = supabase, logic, onReady }: SessionRuntimeProps) {
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
  const actor = useActorRef(machine);
  // Before paint: the provider reads the facts through useSyncExternalStore, so
  // a change of facts re-renders the guards in the same task as the machine's
  // transition, before the navigation its action schedules.
  useLayoutEffect(() => {
    onReady(handleOf(actor));
  }, [actor, onReady]);
  return null;
}
