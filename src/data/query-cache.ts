import { useEffect } from 'react';
import { unstable_serialize, type Cache, type Middleware, type State } from 'swr';

export interface QueryCacheOptions {
  /** Data that no mounted component has used for this long is dropped. */
  cacheMs: number;
  /** How often, at most, the cache looks for entries to drop. */
  sweepEveryMs?: number;
  now?: () => number;
}

export interface QueryCache {
  cache: Cache;
  /** For `SWRConfig`'s `provider`: a view of `cache` of its own for each SWRConfig. */
  provider: () => Cache;
  /** For `SWRConfig`'s `use`: tells the cache which keys mounted components still use. */
  middleware: Middleware;
}

/**
 * SWR keeps every response until the page reloads. The spec asks for a cache
 * time (10 minutes, like a query library's garbage collection): an entry that
 * no mounted component has used for that long is dropped, so returning to a
 * screen later loads fresh data instead of showing something very old. Entries
 * in use are never dropped, however long the component stays mounted.
 */
export function createQueryCache({ cacheMs, sweepEveryMs = 60_000, now = Date.now }: QueryCacheOptions): QueryCache {
  const entries = new Map<string, State>();
  const users = new Map<string, number>();
  const unusedSince = new Map<string, number>();
  let lastSweep = now();

  // Sweeping lazily on reads needs no timer, so nothing keeps running in the
  // background and tests need no fake intervals.
  function sweep() {
    const time = now();
    if (time - lastSweep < sweepEveryMs) return;
    lastSweep = time;
    for (const [key, since] of unusedSince) {
      if (time - since >= cacheMs) {
        entries.delete(key);
        unusedSince.delete(key);
      }
    }
  }

  function retain(key: string) {
    users.set(key, (users.get(key) ?? 0) + 1);
    unusedSince.delete(key);
  }

  function release(key: string) {
    const remaining = (users.get(key) ?? 1) - 1;
    if (remaining > 0) {
      users.set(key, remaining);
      return;
    }
    users.delete(key);
    unusedSince.set(key, now());
  }

  const cache: Cache = {
    keys: () => entries.keys(),
    get(key) {
      sweep();
      return entries.get(key);
    },
    set(key, value) {
      entries.set(key, value);
    },
    delete(key) {
      entries.delete(key);
      unusedSince.delete(key);
    },
  };

  const middleware: Middleware = (useSWRNext) =>
    function useRetainedSWR(key, fetcher, config) {
      const result = useSWRNext(key, fetcher, config);
      const serialized = unstable_serialize(key);
      useEffect(() => {
        if (serialized === '') return undefined;
        retain(serialized);
        return () => release(serialized);
      }, [serialized]);
      return result;
    };

  // A new view of the same entries for each SWRConfig that asks. SWR keys its
  // bookkeeping (revalidators, in-flight requests) by the cache object and
  // deletes it when the SWRConfig that first used that object unmounts: with
  // one shared object, leaving the first page broke every page after it
  // ("undefined is not iterable" once its data arrived).
  const provider = (): Cache => ({ keys: cache.keys, get: cache.get, set: cache.set, delete: cache.delete });

  return { cache, provider, middleware };
}
