/**
 * The security headers every response that serves the app carries: the
 * Content-Security-Policy, Referrer-Policy, X-Content-Type-Options,
 * Permissions-Policy and framing refusals. Written once here and used three
 * ways (docs/decisions/027-tokens-in-addresses-headers-and-login-csrf.md):
 *
 *   - `npm run build` writes them into dist/_headers (Netlify and Cloudflare
 *     Pages read that file), with the hashes of the inline scripts the
 *     prerendered pages carry (scripts/prerender.ts);
 *   - `vite preview` (the browser tests, `npm run preview`) serves the build
 *     with that same file, so the tests check what a host will send;
 *   - the dev server (`npm start`) sends a development policy: Vite's React
 *     refresh needs an inline script and its own WebSocket.
 */
import { createHash } from 'node:crypto';

/** Where the app talks to its backend: the Supabase URL, or null if the build has none (it then shows its configuration error). */
export interface PolicyTarget {
  apiUrl: string | null;
}

/** The backend's origins: HTTPS for REST, auth, storage and functions, WebSocket for realtime. */
function apiOrigins(apiUrl: string | null): { http: string; ws: string } | null {
  if (apiUrl === null || apiUrl.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return { http: url.origin, ws: url.origin.replace(/^http/, 'ws') };
}

function serialise(directives: Array<[string, ...string[]]>): string {
  return directives.map((words) => words.join(' ')).join('; ');
}

/**
 * The directives both policies share. Styles allow 'unsafe-inline': Emotion
 * (under Chakra) writes its rules into <style> elements while the app runs,
 * and the prerendered pages carry theirs inline; a nonce needs a server that
 * renders each response, which static hosting does not have, and a fixed
 * nonce protects nothing. Scripts, the dangerous half, stay strict.
 */
function sharedDirectives(target: PolicyTarget, scriptSources: string[], extraConnect: string[]): Array<[string, ...string[]]> {
  const api = apiOrigins(target.apiUrl);
  return [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptSources],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['connect-src', "'self'", ...extraConnect, ...(api ? [api.http, api.ws] : [])],
    // Logos and update covers come from the public storage buckets (Storage is served from the API's
    // host, /storage/v1/object/public/…); Chakra draws some icons from data: URLs, and the news desk
    // previews a chosen cover as a data: URL before it is uploaded.
    ['img-src', "'self'", 'data:', ...(api ? [api.http] : [])],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
}

/**
 * The production policy: scripts only from the app's own origin, plus the
 * exact inline scripts of the prerendered pages by their hashes (never
 * 'unsafe-inline').
 */
export function productionPolicy(target: PolicyTarget & { scriptHashes: readonly string[] }): string {
  const hashes = [...new Set(target.scriptHashes)].sort();
  return serialise(sharedDirectives(target, hashes, []));
}

/**
 * The dev server's policy: Vite injects an inline module script (React
 * refresh) into every page and talks to the page over a WebSocket on its own
 * host, so inline scripts and that socket are allowed. Only `npm start` sends it.
 */
export function developmentPolicy(target: PolicyTarget & { devServerHost: string }): string {
  return serialise(sharedDirectives(target, ["'unsafe-inline'"], [`ws://${target.devServerHost}`]));
}

/**
 * Browser features the app does not use, refused to the app and anything it
 * embeds. Only names Chromium knows: an unknown name is logged as an error on every page.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/**
 * All the headers for a policy. Referrer-Policy is `no-referrer`: the sign-in
 * callback and the invitation screen arrive with secrets in their address, and
 * until the app has taken them out every request the page makes would carry
 * that address (in full to the app's own host under the browsers' default).
 * Nothing the app or its backend does depends on a Referer.
 */
export function securityHeaders(policy: string): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    // For browsers older than frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** HTTPS only, once a browser has seen the site over HTTPS (ignored over plain HTTP, so harmless to `vite preview`). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const JAVASCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP sources (`'sha256-…'`) that allow exactly the inline scripts in `html`; data blocks (JSON) are not scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface HeaderRule {
  /** A path, or a prefix ending in `*`: `/*` is every path. */
  path: string;
  headers: Record<string, string>;
}

/** The `_headers` file format of Netlify and Cloudflare Pages: a path line, then indented `Name: value` lines. */
export function formatHeadersFile(rules: readonly HeaderRule[], comment: readonly string[] = []): string {
  const lines = comment.map((line) => `# ${line}`);
  for (const rule of rules) {
    lines.push(rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules[rules.length - 1];
    const colon = line.indexOf(':');
    if (!rule || colon === -1) throw new Error(`_headers: "${line.trim()}" is not a header under a path.`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers the rules give a request path, later rules adding to earlier ones. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const matched: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.path.endsWith('*') ? pathname.startsWith(rule.path.slice(0, -1)) : pathname === rule.path;
    if (matches) Object.assign(matched, rule.headers);
  }
  return matched;
}
