import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlFilters<Filters> {
  /** The filters the address holds now. */
  filters: Filters;
  /**
   * Changes some filters; the rest keep their values, and `reset` (e.g. `{ page: 1 }`)
   * applies unless the change names those keys itself. `replace` changes the
   * address without a new history entry (for live typing).
   */
  setFilters: (change: Partial<Filters>, options?: { replace?: boolean }) => void;
  /** The relative address of other filters: for links such as pages or "Clear filters". */
  hrefFor: (filters: Filters) => string;
}

/**
 * A list's search, filters, sort and page, kept in the address: a search can be
 * shared and Back steps through it. `parse` reads the filters from the query
 * string (ignoring whatever it does not recognise, never failing), `serialize`
 * writes them back (leaving defaults out, so the plain list has a plain
 * address). Both must be module-level functions, not made in the render.
 */
export function useUrlFilters<Filters extends object>(
  parse: (params: URLSearchParams) => Filters,
  serialize: (filters: Filters) => URLSearchParams,
  reset: Partial<Filters> = {},
): UrlFilters<Filters> {
  const [params, setParams] = useSearchParams();
  const addressKey = params.toString();
  const filters = useMemo(() => parse(new URLSearchParams(addressKey)), [parse, addressKey]);
  const resetKey = JSON.stringify(reset);

  // From the address as last set, not as this render saw it: the router renders a
  // navigation a moment after it updates the address, and two quick changes must both count.
  const latest = useRef(addressKey);
  useLayoutEffect(() => {
    latest.current = addressKey;
  }, [addressKey]);

  const setFilters = useCallback(
    (change: Partial<Filters>, options: { replace?: boolean } = {}) => {
      const current = parse(new URLSearchParams(latest.current));
      const next = serialize({ ...current, ...(JSON.parse(resetKey) as Partial<Filters>), ...change });
      latest.current = next.toString();
      setParams(next, { replace: options.replace });
    },
    [parse, serialize, setParams, resetKey],
  );

  const hrefFor = useCallback(
    (target: Filters) => {
      const search = serialize(target).toString();
      return search ? `?${search}` : '.';
    },
    [serialize],
  );

  return { filters, setFilters, hrefFor };
}
