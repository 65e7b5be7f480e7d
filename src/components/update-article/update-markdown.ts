import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * An update's body: Markdown (CommonMark with GitHub's tables and
 * strikethrough) rendered by marked, then sanitised by DOMPurify against a
 * short list of elements, attributes and link schemes
 * (docs/decisions/052-news-desk.md). Two layers:
 *
 * 1. HTML written into the Markdown is never markup: marked's html renderer
 *    escapes it, so `<script>` or `<img onerror>` reads as text, as the
 *    updates' bodies always have (20261122005100_published-content.sql).
 *    This also keeps the browser from ever parsing an event handler: Chrome
 *    reports a page's Content-Security-Policy violation even for a handler in
 *    DOMPurify's inert parsing document.
 * 2. What marked itself makes (links, code, lists, tables) goes through
 *    DOMPurify, which drops anything not on the lists, e.g. a
 *    `[x](javascript:…)` link's address or a `data:` one.
 *
 * Runs in the browser only: DOMPurify needs a DOM, and /news loads this module
 * lazily with the first article so the list's first load stays small.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
  },
  walkTokens(token) {
    // The page's title is its only h1; "#" becomes a section heading, and
    // nothing goes deeper than h4.
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      heading.depth = Math.min(Math.max(heading.depth, 2), 4);
    }
  },
});

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'a', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align'];
/** http(s), mailto, a same-site path (not //host) or a fragment: nothing else may be a link. */
const ALLOWED_URI_REGEXP = /^(?:https?:\/\/|mailto:|\/(?![/\\])|#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify();
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Another site's page gets no handle on ours and no referrer.
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/** HTML cut down to the elements, attributes and link schemes an update may use. */
export function sanitizeUpdateHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
}

/** Safe HTML for an update's Markdown body. */
export function renderUpdateMarkdown(source: string): string {
  return sanitizeUpdateHtml(markdown.parse(source) as string);
}
