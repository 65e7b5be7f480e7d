/**
 * The small markdown subset of updates and solution descriptions
 * (supabase/migrations/20261122005100_published-content.sql), parsed into a
 * tree that React renders as elements. Nothing is ever interpreted as HTML,
 * and only http(s), mailto and same-site links become links, so text written
 * in the back office cannot inject markup or script into a visitor's page.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'emphasis'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; internal: boolean; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

// `code`, **strong**, *emphasis*, [text](href): the first that starts earliest wins.
const INLINE = /`([^`\n]+)`|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|\[([^\]\n]+)\]\(([^()\s]+)\)/g;

/** The link a href may become, or null when it must stay text (javascript:, data:, protocol-relative…). */
export function safeHref(href: string): { href: string; internal: boolean } | null {
  if (/^\/(?![/\\])/.test(href)) return { href, internal: true };
  if (/^https?:\/\/[^\s/]+/i.test(href) || /^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return { href, internal: false };
  return null;
}

export function parseInline(source: string): Inline[] {
  const result: Inline[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = result.at(-1);
    if (last?.kind === 'text') last.text += text;
    else result.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of source.matchAll(INLINE)) {
    const [whole, code, strong, emphasis, linkText, href] = match;
    pushText(source.slice(at, match.index));
    at = match.index + whole.length;
    if (code !== undefined) result.push({ kind: 'code', text: code });
    else if (strong !== undefined) result.push({ kind: 'strong', children: parseInline(strong) });
    else if (emphasis !== undefined) result.push({ kind: 'emphasis', children: parseInline(emphasis) });
    else if (linkText !== undefined && href !== undefined) {
      const link = safeHref(href);
      if (link) result.push({ kind: 'link', ...link, children: parseInline(linkText) });
      else pushText(linkText);
    }
  }
  pushText(source.slice(at));
  return result;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

export function parseArticle(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] | null = null;
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = null;
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      // The page's title is its only h1, so "#" is read as a section heading too.
      blocks.push({ kind: 'heading', level: heading[1].length === 3 ? 3 : 2, content: parseInline(heading[2]) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]);
      continue;
    }
    if (list) {
      // A line under an item, without a blank line between: the item goes on.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    paragraph ??= [];
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The text of inline content, without markup (for a plain summary or a label). */
export function plainText(content: Inline[]): string {
  return content.map((node) => ('text' in node ? node.text : plainText(node.children))).join('');
}
