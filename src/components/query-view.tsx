import type { ReactNode } from 'react';

import { EmptyMessage, ErrorState, LoadingState } from './query-states';

export { EmptyMessage, ErrorState, LoadingState };

/** What a failed query or command says: the data layer's sentence (DataError), or a plain fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : 'Something went wrong.';
}

/** The part of an SWR answer a QueryView needs (pass the whole SWR response). */
export interface QueryLike<Data> {
  data: Data | undefined;
  error: unknown;
  mutate: () => unknown;
}

export interface QueryViewProps<Data> {
  query: QueryLike<Data>;
  /** What loading says ("Loading users…"), or a skeleton of what is coming. */
  loading: string | ReactNode;
  /** The failure's title ("The users could not be loaded"); the reason and "Try again" follow. */
  errorTitle: string;
  /** When set, a failed refresh of data already shown says so above it (the data stays). */
  staleErrorTitle?: string;
  /** When this is true of the data, `empty` is shown instead of `children`. */
  isEmpty?: (data: Data) => boolean;
  /** The empty state: what is missing and what to do next (an EmptyMessage, perhaps with a button). */
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}

/**
 * The four states of anything read from the backend, in one order everywhere:
 * a failure with nothing to show (reason and retry), loading (announced),
 * empty (with a next step), and the data. A failure while data is shown keeps
 * the data, since it is still the last thing the server said.
 */
export function QueryView<Data>({ query, loading, errorTitle, staleErrorTitle, isEmpty, empty, children }: QueryViewProps<Data>) {
  const { data, error, mutate } = query;
  const retry = () => void mutate();
  if (error && data === undefined) return <ErrorState title={errorTitle} message={errorMessage(error)} onRetry={retry} />;
  // Not `isLoading`: a query that keeps the previous answer while the next loads
  // (SWR's keepPreviousData) is loading with data, and the data stays on screen.
  if (data === undefined) return typeof loading === 'string' ? <LoadingState label={loading} /> : <>{loading}</>;
  return (
    <>
      {error && staleErrorTitle ? <ErrorState title={staleErrorTitle} message={errorMessage(error)} onRetry={retry} /> : null}
      {isEmpty?.(data) ? empty : children(data)}
    </>
  );
}
