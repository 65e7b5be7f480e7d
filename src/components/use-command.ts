import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig, type Key } from 'swr';

import { errorMessage } from './query-view';
import { showToast, type ToastContent } from './toast';

/** The outcome of one run: the fetcher's answer, or the failure as a sentence. */
export type CommandResult<Result> = { ok: true; value: Result } | { ok: false; message: string };

/** An SWR key, or a test that picks keys (every page of a list), as a data-layer mutation names what it changes. */
export type RefreshKey = Key | ((key: unknown) => boolean);

export interface CommandOptions<Args, Result> {
  /** The mutation: a typed fetcher from src/data (it throws a DataError whose message is a sentence). */
  run: (args: Args) => Promise<Result>;
  /** The SWR keys whose data the mutation changed; they are fetched again after it succeeds. */
  refresh?: readonly RefreshKey[] | ((args: Args, result: Result) => readonly RefreshKey[]);
  /**
   * Refresh the (listed) keys after a failure too: for a mutation whose refusal
   * may come once part of it stands (the grant-access function answers 502
   * when the decision is made but its e-mail was not sent).
   */
  refreshAfterFailure?: boolean;
  /** The toast after success, if any. */
  success?: (result: Result, args: Args) => Omit<ToastContent, 'type'> & { type?: ToastContent['type'] };
  /** The toast's title after a failure; leave it out when the failure shows where the action was (a dialog). */
  failureToast?: string | ((args: Args) => string);
  /** Maps a failure to the sentence shown; by default the error's own message (src/data words it). */
  describe?: (error: unknown) => string;
}

export interface Command<Args, Result> {
  /** Runs the mutation; never throws. */
  run: (args: Args) => Promise<CommandResult<Result>>;
  /** True while a run is in flight. */
  busy: boolean;
  /** The arguments of the run in flight (e.g. which row's button is busy), else null. */
  pending: Args | null;
  /** The last run's failure as a sentence, until the next run or `reset`. */
  error: string | null;
  reset: () => void;
}

/**
 * One mutation from a component: busy state, the failure as a sentence, a
 * toast, and a refresh of the SWR keys it affected, so what the person sees
 * next is what the database now says (studio's mutations do the same in
 * onSuccess). A failed refresh shows on the list itself (its error state):
 * the command still succeeded.
 */
export function useCommand<Args = void, Result = unknown>(options: CommandOptions<Args, Result>): Command<Args, Result> {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<{ args: Args } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const run = useCallback(
    async (args: Args): Promise<CommandResult<Result>> => {
      const { run: perform, refresh, refreshAfterFailure, success, failureToast, describe = errorMessage } = latest.current;
      const refreshKeys = (keys: readonly RefreshKey[]) => Promise.all(keys.map((key) => mutate(key as Key))).catch(() => undefined);
      setPending({ args });
      setError(null);
      try {
        const value = await perform(args);
        const keys = typeof refresh === 'function' ? refresh(args, value) : (refresh ?? []);
        await refreshKeys(keys);
        if (success) {
          const toast = success(value, args);
          showToast({ type: 'success', ...toast });
        }
        return { ok: true, value };
      } catch (failure) {
        if (refreshAfterFailure && Array.isArray(refresh)) await refreshKeys(refresh);
        const message = describe(failure);
        setError(message);
        if (failureToast) {
          showToast({ type: 'error', title: typeof failureToast === 'function' ? failureToast(args) : failureToast, description: message });
        }
        return { ok: false, message };
      } finally {
        setPending(null);
      }
    },
    [mutate],
  );

  const reset = useCallback(() => setError(null), []);
  return { run, busy: pending !== null, pending: pending?.args ?? null, error, reset };
}
