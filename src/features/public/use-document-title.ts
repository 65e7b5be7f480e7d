import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows (an update's title, a
 * solution's name) rather than the route's generic title, so a shared or
 * bookmarked link says what it is. Restores the route's title when it goes.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = `${title} — Accord`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
