/** Pure helpers of scripts/prerender.ts: where a page's file goes and what goes in it. */
import { APP_FORM_SELECTOR, HELD_PRESS_ATTRIBUTE } from '../src/app/bare-page-markers';

export interface PageHtml {
  path: string;
  html: string;
  title: string;
  description: string | null;
  /** Chunks the page loads beyond the entry's, fetched right after it (`/assets/…`). */
  chunks?: readonly string[];
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
 * before its markup. They are gathered into two tags in <head> that Emotion
 * does not recognise as its own (`data-prerendered-styles`, read by
 * src/app/emotion-cache.ts):
 *   - `global`: Chakra's global styles (layer order, reset, tokens), which the
 *     browser then leaves out of its first render (chakra-system.ts);
 *   - `css <id> <id>…`: every component rule, listing the rule ids so the
 *     browser-side cache knows they are in place and inserts none again.
 * Emotion's own server format would work too, but Emotion "hydrates" those
 * tags by moving them within <head>, and each move makes Chromium drop and
 * recompute every style on the page: 10–15 ms a move, 40–60 ms on a phone.
 */
export function hoistEmotionStyles(markup: string): { markup: string; head: string } {
  const globals: string[] = [];
  const byKey = new Map<string, { ids: string[]; css: string[] }>();
  const rest = markup.replace(EMOTION_STYLE, (_tag, attribute: string, css: string) => {
    const [key, ...ids] = attribute.split(' ');
    if (key.endsWith('-global')) globals.push(css);
    else {
      const sheet = byKey.get(key) ?? { ids: [], css: [] };
      sheet.ids.push(...ids);
      sheet.css.push(css);
      byKey.set(key, sheet);
    }
    return '';
  });
  const sheets = [...byKey].map(([key, sheet]) => `<style data-prerendered-styles="${key} ${sheet.ids.join(' ')}">${sheet.css.join('')}</style>`);
  const global = globals.length > 0 ? `<style data-prerendered-styles="global">${globals.join('')}</style>` : '';
  return { markup: rest, head: global + sheets.join('') };
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;

/** Each preload costs Chromium ~0.5 ms to start; a page's twenty-odd chunks are asked for a few per task. */
const PRELOADS_PER_TASK = 6;

function batches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * A shared search link (`/trust-registry?q=Voyages`) is served the page's one
 * prerendered file, whose search form is empty. From `<head>`, this fills the
 * fields of a search form (`role="search"`) with the values the address gives
 * their names as the parser adds them, so the first paint already shows the
 * search the page was opened with, not an empty box until the app has drawn
 * the page afresh. As the parser adds them, not once at the end: Chromium
 * paints a long document before it has parsed all of it. Each field is set
 * once (a select once its option is there), so nothing a quick visitor typed
 * is overwritten; watching stops when the document is parsed.
 */
export const REFLECT_ADDRESS_IN_SEARCH =
  '<script>(function(){if(!location.search)return;var params=new URLSearchParams(location.search),done=new WeakSet();' +
  'function reflect(){document.querySelectorAll(\'#root form[role="search"] [name]\').forEach(function(field){' +
  'if(done.has(field)||!params.has(field.name))return;field.value=params.get(field.name).trim();' +
  'if(field.value===params.get(field.name).trim()||field.tagName!=="SELECT")done.add(field)})}' +
  'var observer=new MutationObserver(reflect);observer.observe(document.documentElement,{childList:true,subtree:true});' +
  'document.addEventListener("DOMContentLoaded",function(){observer.disconnect();reflect()})})()</script>';

/**
 * An invitation link (`/accept-invitation?token=…`, or `#token=…`) is served
 * the page prerendered for the bare address, which explains where
 * invitations lead; the app forwards the link as soon as it runs. From
 * `<head>`, this keeps that explanation from being drawn for a link that
 * carries a token (hidden while the document is parsed, emptied once it is),
 * so the visitor sees what they saw before prerendering: nothing until the
 * app has forwarded them. Token parameter names as in
 * src/data/invitations/held-invitation-token.ts.
 */
export const HIDE_PAGE_FOR_INVITATION_TOKEN =
  '<script>(function(){if(!/(^|[?#&])(token|invitation_token)=[^&]/.test(location.search+location.hash))return;' +
  'var html=document.documentElement;html.setAttribute("data-forwarding","");' +
  'document.addEventListener("DOMContentLoaded",function(){document.getElementById("root").replaceChildren();html.removeAttribute("data-forwarding")})})()</script>' +
  '<style>html[data-forwarding] #root{visibility:hidden}</style>';

/**
 * A prerendered form is drawn before the app runs, and a person may press
 * its buttons then (Enter in a field too). From `<head>`, until the app has
 * started (`data-app="started"` on <html>, set by main.tsx), this holds such
 * a press rather than let it be lost: a form's submission, which would
 * otherwise reload the page with what was typed in its address, is stopped,
 * and a button that needs the app does nothing yet. The first press is
 * marked (HELD_PRESS_ATTRIBUTE, with `aria-busy` and a waiting cursor); the
 * app replays it once it has taken the page over (src/app/bare-page.ts).
 * A search form's submission is a plain GET, left to the browser.
 */
export const HOLD_PRESSES_UNTIL_THE_APP_STARTS =
  '<script>(function(){var html=document.documentElement;' +
  'function hold(event,control){if(html.getAttribute("data-app")==="started"||!control.closest("#root"))return;event.preventDefault();' +
  `if(!document.querySelector("#root [${HELD_PRESS_ATTRIBUTE}]")){control.setAttribute("${HELD_PRESS_ATTRIBUTE}","");control.setAttribute("aria-busy","true")}}` +
  `document.addEventListener("submit",function(event){if(event.target.matches(${JSON.stringify(APP_FORM_SELECTOR)}))hold(event,event.submitter||event.target)},true);` +
  'document.addEventListener("click",function(event){var button=event.target.closest&&event.target.closest("button");' +
  'if(button&&!button.disabled&&(button.type!=="submit"||!button.form))hold(event,button)},true)})()</script>' +
  `<style>#root [${HELD_PRESS_ATTRIBUTE}]{cursor:progress}</style>`;

/** A form in the markup that APP_FORM_SELECTOR matches (one that is not a search form). */
const APP_FORM = /<form(?![^>]*\srole="search")[\s>]/;

/** Whether a page's markup has a form the app must answer, which the app takes over with src/app/bare-page.ts. */
export function takesInput(markup: string): boolean {
  return APP_FORM.test(markup);
}

/** Pages whose prerendered markup is only for the bare address: an address with a token is the app's to draw. */
const FORWARDING_PAGES: readonly string[] = ['/accept-invitation'];

/**
 * The loader's code. It is the same on every page, so one hash in the
 * Content-Security-Policy allows it (decision 027); what it loads comes from
 * its own `data-` attributes, which a script's hash does not cover.
 */
export const APP_LOADER_SCRIPT =
  '(function(){var data=document.currentScript.dataset,started=false;' +
  'function preload(hrefs){hrefs.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)})}' +
  'function start(){if(started)return;started=true;preload(JSON.parse(data.preloads));' +
  'var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=data.entry;document.head.appendChild(script);' +
  'JSON.parse(data.later).forEach(function(batch){setTimeout(function(){preload(batch)},0)})}' +
  'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000)})()';

/**
 * A prerendered page asks for the app's code only once it has painted: the
 * entry script and its module preloads leave `<head>` for a small inline
 * loader at the end of `<body>` that adds them after the first frame (a
 * timeout after an animation frame runs once that frame is painted; the
 * second timeout covers a tab opened in the background, which gets no frames).
 * Then, a few per task, it preloads the page's own chunks (`pageChunks`),
 * which the entry would otherwise only ask for once it had arrived and run:
 * one round trip less before the page is interactive.
 *
 * Why after the paint: Chromium fetches module scripts at high priority and
 * runs them as soon as the document is parsed. When they come from the
 * cache, or the network is fast and the phone slow, the page's first paint
 * waits behind ~150 KiB of JavaScript being compiled and run, although the
 * HTML alone is the whole page. Lighthouse's simulation (which replays the
 * load on slow 4G) counts them as holding up the first paint for the same
 * reason. Hydration starts one frame later instead; the markup is already
 * there to read.
 */
export function loadScriptsAfterPaint(html: string, pageChunks: readonly string[] = []): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error(`The built index.html has ${entries.length} module scripts; expected the one entry.`);
  const later = pageChunks.filter((chunk) => chunk !== entries[0] && !preloads.includes(chunk));
  const data = {
    entry: entries[0]!,
    preloads: JSON.stringify(preloads),
    later: JSON.stringify(batches(later, PRELOADS_PER_TASK)),
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeAttribute(value)}"`)
    .join('');
  const loader = `<script${attributes}>${APP_LOADER_SCRIPT}</script>`;
  const stripped = html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, '');
  return replaceOnce(stripped, /<\/body>/, `${loader}</body>`, '</body>');
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
  const reflect = markup.includes('role="search"') ? REFLECT_ADDRESS_IN_SEARCH : '';
  const forwarding = FORWARDING_PAGES.includes(page.path) ? HIDE_PAGE_FOR_INVITATION_TOKEN : '';
  const hold = takesInput(markup) ? HOLD_PRESSES_UNTIL_THE_APP_STARTS : '';
  html = replaceOnce(html, /<\/head>/, `${head}${reflect}${forwarding}${hold}</head>`, '</head>');
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeAttribute(page.path)}">${markup}</div>`,
    'empty #root',
  );
  return loadScriptsAfterPaint(html, page.chunks);
}
