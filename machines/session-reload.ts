import type { SessionEvent } from './session.machine';

/** What reloading needs of the session actor: send it an event and watch its state. */
export interface ReloadableSession {
  send: (event: SessionEvent) => void;
  getSnapshot: () => { value: unknown };
  subscribe: (observer: (snapshot: { value: unknown }) => void) => { unsubscribe: () => void };
}

/**
 * Asks the session machine to load the person's facts again (`facts.reload`)
 * and resolves once it has them or has failed, so the caller can navigate
 * knowing the guard reads the new facts. Without a signed-in session the
 * event is ignored and this resolves at once. No XState here: the session
 * hooks call it and must stay light (decision 015).
 */
export function reloadSessionFacts(session: ReloadableSession): Promise<void> {
  session.send({ type: 'facts.reload' });
  return new Promise((resolve) => {
    const settled = () => session.getSnapshot().value !== 'reloading';
    if (settled()) {
      resolve();
      return;
    }
    const subscription = session.subscribe((snapshot) => {
      if (snapshot.value === 'reloading') return;
      subscription.unsubscribe();
      resolve();
    });
  });
}
