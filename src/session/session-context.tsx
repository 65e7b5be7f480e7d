import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import type { SessionFacts } from '../../machines/access';
import type { sessionMachine } from '../../machines/session.machine';
import { reloadSessionFacts } from '../../machines/session-reload';
import { routeKindOf } from '../routes/routes';
import { authStorageKey } from '../data/auth/storage-key';
import type { AccordClient } from '../data/client';
import { supabaseUrl } from '../data/config';
import type { SessionActorRef, SessionHandle, SessionReport, SessionRuntimeProps } from './session-runtime';

export type { SessionActorRef };

/**
 * The session, as the rest of the app sees it (handbook §3): facts about the
 * person plus what they can do about them. Components read it through the
 * hooks below and never see the machine's states or events.
 *
 * The machine itself (session-runtime.tsx, with supabase-js and XState) loads
 * only when someone may be signed in: a session is stored in this browser, the
 * page needs one (any route that is not public), or another tab signs in. A
 * visitor reading the public site is known to be signed out without it, and
 * never downloads it (docs/decisions/015-public-site-data-and-first-load.md).
 */
type RuntimeComponent = (props: SessionRuntimeProps) => null;
let loadedRuntime: RuntimeComponent | null = null;
let runtimeLoad: Promise<RuntimeComponent> | null = null;

// Not React.lazy: a Suspense boundary holds back what it reveals for up to
// 300 ms in React 19, and the session must be listening as soon as its code is here.
function loadRuntime(): Promise<RuntimeComponent> {
  runtimeLoad ??= import('./session-runtime').then((module) => {
    loadedRuntime = module.default;
    return module.default;
  });
  return runtimeLoad;
}

interface SessionValue {
  facts: SessionFacts;
  isSigningOut: boolean;
  actor: SessionActorRef | null;
  /** False until the session machine is wanted; until then the visitor is signed out. */
  started: boolean;
  start: () => void;
}

const SIGNED_OUT: SessionFacts = { status: 'signedOut' };
const LOADING: SessionFacts = { status: 'loading' };
const noop = () => undefined;

const SessionContext = createContext<SessionValue>({
  facts: SIGNED_OUT,
  isSigningOut: false,
  actor: null,
  started: false,
  start: noop,
});

function storageKey(): string | null {
  return supabaseUrl ? authStorageKey(supabaseUrl) : null;
}

/** Whether supabase-js has a session stored in this browser (someone may be signed in). */
export function hasStoredSession(): boolean {
  const key = storageKey();
  try {
    return key !== null && window.localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked (privacy settings): supabase-js cannot persist a session either.
    return false;
  }
}

/** At load: does this page need the session machine straight away? */
function sessionWantedAtLoad(): boolean {
  if (typeof window === 'undefined') return false;
  const kind = routeKindOf(window.location.pathname);
  return hasStoredSession() || (kind !== null && kind !== 'public');
}

/**
 * Fetches the session machine's code before React renders, when this page will
 * need it (main.tsx), so it downloads beside the first page rather than after
 * it. Tests call it to have the machine mount with the first render.
 */
export function preloadSessionRuntime(force = false): Promise<void> | null {
  if (!force && !sessionWantedAtLoad()) return null;
  return loadRuntime().then(() => undefined);
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Where the app navigates, e.g. the data router's `navigate`: the provider sits outside the router. */
  navigate: (to: string) => void;
  /** Tests pass a client or the machine with fake actors (either starts the session at once); the app uses the real ones. */
  client?: AccordClient;
  logic?: typeof sessionMachine;
}

export function SessionProvider({ children, navigate, client, logic }: SessionProviderProps) {
  const [started, setStarted] = useState(() => client !== undefined || logic !== undefined || sessionWantedAtLoad());
  const [handle, setHandle] = useState<SessionHandle | null>(null);
  const subscribe = useCallback((onChange: () => void) => (handle ? handle.subscribe(onChange) : noop), [handle]);
  const read = useCallback((): SessionReport | null => (handle ? handle.read() : null), [handle]);
  const report = useSyncExternalStore(subscribe, read, read);
  const [Runtime, setRuntime] = useState<RuntimeComponent | null>(() => loadedRuntime);
  const start = useCallback(() => setStarted(true), []);

  useEffect(() => {
    if (!started || Runtime) return;
    let current = true;
    void loadRuntime().then((component) => {
      if (current) setRuntime(() => component);
    });
    return () => {
      current = false;
    };
  }, [started, Runtime]);

  // Signed in in another tab: supabase-js there writes the session to storage.
  useEffect(() => {
    if (started) return;
    const key = storageKey();
    const onStorage = (event: StorageEvent) => {
      if (event.key === key && event.newValue !== null) setStarted(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [started]);

  const value = useMemo<SessionValue>(
    () => ({
      facts: report?.facts ?? (started ? LOADING : SIGNED_OUT),
      isSigningOut: report?.isSigningOut ?? false,
      actor: handle?.actor ?? null,
      started,
      start,
    }),
    [report, handle, started, start],
  );

  return (
    <>
      {started && Runtime ? <Runtime navigate={navigate} client={client} logic={logic} onReady={setHandle} /> : null}
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </>
  );
}

/** What the app knows about the visitor: loading, signed out, signed in with facts, or failed to load. */
export function useSessionFacts(): SessionFacts {
  return useContext(SessionContext).facts;
}

/** The session facade: the facts plus the two things a person can do about them. */
export function useSession() {
  const { facts, isSigningOut, actor } = useContext(SessionContext);
  // Stable while the actor is: effects that depend on it must not re-run when the facts it reloads arrive.
  const reloadFacts = useCallback((): Promise<void> => (actor ? reloadSessionFacts(actor) : Promise.resolve()), [actor]);
  return useMemo(
    () => ({
      facts,
      isSigningOut,
      signOut: () => actor?.send({ type: 'user.signOut' }),
      retry: () => actor?.send({ type: 'user.retry' }),
      /** Loads the facts again after the person changed them; resolves once the session has them (or failed). */
      reloadFacts,
    }),
    [actor, facts, isSigningOut, reloadFacts],
  );
}

/**
 * Asks for the session machine when `wanted` (a page that must know who is
 * signed in, e.g. a guarded route) and returns whether it has been started.
 */
export function useStartSession(wanted: boolean): boolean {
  const { started, start } = useContext(SessionContext);
  useEffect(() => {
    if (wanted && !started) start();
  }, [wanted, started, start]);
  return started;
}

/** The session actor itself, for flows that wait on it (the sign-in callback); null while it loads. */
export function useSessionActorRef(): SessionActorRef | null {
  const { actor, start } = useContext(SessionContext);
  useEffect(start, [start]);
  return actor;
}
