import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig, type Key } from 'swr';

import { errorMessage } from './query-view';
import { showToast, type ToastContent } from './toast';

/** The outcome of one run: the fetcher's answer, or the failure as a sentence. */
export type CommandResult<Result> = { ok: true; value: Result } | { ok: false; message: string };

export interface CommandOptions<Args, Result> {
  /** The mutation: a typed fetcher from src/data (it throws a DataError whose message is a sentence). */
  run: (args: Args) => Promise<Result>;
  /** The SWR keys whose data the mutation changed; they are fetched again after it succeeds. */
  refresh?: Key[] | ((args: Args, result: Result) => Key[]);
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
      const { run: perform, refresh, success, failureToast, describe = errorMessage } = latest.current;
      setPending({ args });
      setError(null);
      try {
        const value = await perform(args);
        const keys = typeof refresh === 'function' ? refresh(args, value) : (refresh ?? []);
        await Promise.all(keys.map((key) => mutate(key))).catch(() => undefined);
        if (success) {
          const toast = success(value, args);
          showToast({ type: 'success', ...toast });
        }
        return { ok: true, value };
      } catch (failure) {
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
