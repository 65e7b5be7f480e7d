import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to `target` when `view` changes after the first render. The
 * layout does this when the path changes; views that change only the query
 * (/news ↔ /news?update=…) need it too, or focus stays on a link that has
 * just disappeared and a screen reader is not told the page changed.
 */
export function useFocusOnChange(view: string, target: RefObject<HTMLElement | null>) {
  const previous = useRef(view);
  useEffect(() => {
    if (previous.current === view) return;
    previous.current = view;
    target.current?.focus({ preventScroll: true });
  }, [view, target]);
}
