import { useEffect } from 'react';

/** index.html's description: what search engines and link previews show for a page that sets none. */
const SITE_DESCRIPTION =
  'Accord is the trust and acceptance network for organisations that need identity and document verification they can rely on, in person and online.';

let prerenderedDescription: string | null = null;

/** The description the last server render asked for (null if none), cleared for the next page. */
export function takePrerenderedDescription(): string | null {
  const description = prerenderedDescription;
  prerenderedDescription = null;
  return description;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * Sets the page's meta description while it is shown. The title comes from the
 * route table (app-layout.tsx); the description lives with the page's own text,
 * so the route table in every visitor's first load stays small.
 */
export function usePageDescription(description: string) {
  // Prerendering (src/app/prerender.tsx) has no document and runs no effects:
  // it reads the description of the page it just rendered from here.
  if (typeof document === 'undefined') prerenderedDescription = description;
  useEffect(() => {
    const tag = descriptionTag();
    tag.content = description;
    return () => {
      tag.content = SITE_DESCRIPTION;
    };
  }, [description]);
}
