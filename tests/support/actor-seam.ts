/**
 * Stand-ins for a machine's effects in component tests, swapped in where the
 * app provides them (src/actors/*), so everything above the seam (page, facade
 * hook, machine) is the real code. Each call stays pending until the test
 * settles it, which lets a test look at the screen while the effect runs and
 * then finish it the way a model path says: done with an output, or an error.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';

import type { ActorEvent } from './model.ts';

interface PendingCall {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ActorSeam<TName extends string> {
  /** Actor implementations to provide in place of the real ones. */
  actors: Record<TName, PromiseActorLogic<unknown, unknown>>;
  /** Inputs of every call so far, oldest first. */
  calls(name: TName): unknown[];
  /** The input of the call now running, or undefined when none is. */
  running(name: TName): { input: unknown } | undefined;
  /** Finishes the running call; throws when there is none, since the UI then never started the effect. */
  settle(name: TName, outcome: { output: unknown } | { error: unknown }): void;
  /** Settles the running call as a model's actor event says. */
  settleAs(event: ActorEvent): void;
  /** Forgets calls and drops anything still pending (between tests). */
  reset(): void;
}

export function createActorSeam<const TName extends string>(names: readonly TName[]): ActorSeam<TName> {
  const history = new Map<TName, unknown[]>(names.map((name) => [name, []]));
  const pending = new Map<TName, PendingCall>();

  const logic = (name: TName) =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          if (pending.has(name)) throw new Error(`${name} was started while a previous call was still running.`);
          history.get(name)!.push(input);
          const call = { input, resolve, reject };
          pending.set(name, call);
          // The machine left the state that invoked it (e.g. a reload for another
          // person): that call can no longer finish, and a new one may start.
          signal.addEventListener('abort', () => {
            if (pending.get(name) === call) pending.delete(name);
          });
        }),
    );

  const isName = (name: string): name is TName => (names as readonly string[]).includes(name);

  const seam: ActorSeam<TName> = {
    actors: Object.fromEntries(names.map((name) => [name, logic(name)])) as Record<TName, PromiseActorLogic<unknown, unknown>>,
    calls: (name) => [...history.get(name)!],
    running: (name) => {
      const call = pending.get(name);
      return call ? { input: call.input } : undefined;
    },
    settle: (name, outcome) => {
      const call = pending.get(name);
      if (!call) throw new Error(`The model expects ${name} to be running, but the page never started it.`);
      pending.delete(name);
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
    },
    settleAs: (event) => {
      if (!isName(event.src)) throw new Error(`The seam has no stand-in for ${event.src}.`);
      seam.settle(event.src, event.kind === 'done' ? { output: event.event.output } : { error: event.event.error });
    },
    reset: () => {
      for (const name of names) history.set(name, []);
      pending.clear();
    },
  };
  return seam;
}
