import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

/**
 * An update's body: Markdown (CommonMark with GitHub's tables and
 * strikethrough) rendered by marked, then sanitised by DOMPurify against a
 * short list of elements and attributes (docs/decisions/052-news-desk.md).
 * marked passes raw HTML through untouched, so the sanitiser is what keeps
 * <script>, event handlers, javascript: and data: links, iframes, forms and
 * styles away from visitors. Runs in the browser only: DOMPurify needs a DOM,
 * and the article page loads this module lazily so /news's first load stays
 * small.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
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

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    const href = node.getAttribute('href') ?? '';
    // Another site's page gets no handle on ours and no referrer.
    if (/^https?:/i.test(href)) node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Safe HTML for an update's Markdown body. */
export function renderUpdateMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
