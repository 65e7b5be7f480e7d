import { createContext, useContext, useEffect } from 'react';

/**
 * Where "Skip to content" leads. The app layout's <main> holds the page, but
 * on an area page <main> also holds the area's side navigation, so the skip
 * link there leads past it to the page itself (decision 032). A shell that
 * draws navigation inside <main> names its page's element while it is mounted;
 * when it unmounts the link leads to <main> again.
 */
/**
 * Marks the element that holds the page itself inside an area shell: after a
 * navigation focus moves there, past the area's navigation, as the skip link does.
 */
export const PAGE_CONTENT_ATTRIBUTE = 'data-page-content';

export const SkipTargetContext = createContext<(id: string | null) => void>(() => undefined);

/** Makes the element with `id` (focusable: tabIndex -1) the skip link's target while the caller is mounted. */
export function useSkipTarget(id: string) {
  const setTarget = useContext(SkipTargetContext);
  // An effect is enough: the skip link is used by a person pressing Tab and
  // Enter, long after the page's first commit; prerendered HTML and the
  // first render agree on <main>, so hydration sees no difference.
  useEffect(() => {
    setTarget(id);
    return () => setTarget(null);
  }, [id, setTarget]);
}
