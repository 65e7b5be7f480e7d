/** Pure helpers of scripts/prerender.ts: where a page's file goes and what goes in it. */

export interface PageHtml {
  path: string;
  html: string;
  title: string;
  description: string | null;
}

/** `/` → index.html; `/use-cases/education` → use-cases/education.html (served for the path without `.html`). */
export function htmlFileFor(path: string): string {
  if (!path.startsWith('/') || path.includes(':') || path.includes('..')) throw new Error(`Cannot prerender "${path}".`);
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`The built index.html has no ${what}.`);
  return html.replace(pattern, () => replacement);
}

const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/**
 * Emotion (under Chakra) writes each component's styles as a <style> right
 * before its markup. The browser would restyle the page at each one, and
 * Emotion moves every one of them to <head> when its code starts. Gathered
 * here into <head> in Emotion's own server format instead: global styles one
 * tag each (`css-global <name>`, which Chakra's global styles look up by
 * name), the rest in one tag whose attribute lists every rule's id, so the
 * browser-side cache knows they are in place and inserts none of them again.
 */
export function hoistEmotionStyles(markup: string): { markup: string; head: string } {
  const globals: string[] = [];
  const byKey = new Map<string, { ids: string[]; css: string[] }>();
  const rest = markup.replace(EMOTION_STYLE, (_tag, attribute: string, css: string) => {
    const [key, ...ids] = attribute.split(' ');
    if (key.endsWith('-global')) globals.push(`<style data-emotion="${attribute}">${css}</style>`);
    else {
      const sheet = byKey.get(key) ?? { ids: [], css: [] };
      sheet.ids.push(...ids);
      sheet.css.push(css);
      byKey.set(key, sheet);
    }
    return '';
  });
  const sheets = [...byKey].map(([key, sheet]) => `<style data-emotion="${key} ${sheet.ids.join(' ')}">${sheet.css.join('')}</style>`);
  return { markup: rest, head: globals.join('') + sheets.join('') };
}

/** The built shell with the page's title, description and markup; `data-prerendered` tells main.tsx to hydrate. */
export function injectPrerendered(shell: string, page: PageHtml): string {
  let html = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`, '<title>');
  if (page.description !== null) {
    html = replaceOnce(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttribute(page.description)}" />`,
      'meta description',
    );
  }
  const { markup, head } = hoistEmotionStyles(page.html);
  html = replaceOnce(html, /<\/head>/, `${head}</head>`, '</head>');
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeAttribute(page.path)}">${markup}</div>`,
    'empty #root',
  );
}
