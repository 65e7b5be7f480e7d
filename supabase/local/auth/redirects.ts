import { isIP } from 'node:net';
import type { ApiRequest } from './http.ts';

/**
 * Where a link may send the browser, as GoTrue decides it (IsRedirectURLValid,
 * GetReferrer): back to the site URL's host, to any loopback address, or to a
 * URL matching an allow-list glob; anything else falls back to the site URL.
 */
export interface RedirectPolicy {
  siteUrl: string;
  allowList: string[];
}

/**
 * gobwas/glob with '.' and '/' as separators, as GoTrue compiles the allow
 * list: `**` crosses separators, `*` and `?` do not; `{a,b}` and `[…]` work too.
 */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else {
        out += '[^./]*';
      }
    } else if (c === '?') {
      out += '[^./]';
    } else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) {
        out += '\\{';
        continue;
      }
      const options = glob.slice(i + 1, end).split(',');
      out += `(?:${options.map((o) => globToRegExp(o).source.slice(1, -1)).join('|')})`;
      i = end;
    } else if (c === '[') {
      const end = glob.indexOf(']', i);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
      out += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
      i = end;
    } else if (c === '\\' && i + 1 < glob.length) {
      out += glob[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else {
      out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${out}$`);
}

const isLoopbackHost = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
};

const RAW_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;

export function isRedirectAllowed(policy: RedirectPolicy, candidate: string | undefined): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!candidate || /[\u0000-\u0020\u007f]/.test(candidate)) return false;
  let site: URL;
  try {
    site = new URL(policy.siteUrl);
  } catch {
    return false;
  }
  let target: URL | undefined;
  try {
    target = new URL(candidate);
  } catch {
    if (/^https?:\/\//i.test(candidate)) return false;
  }
  if (target) {
    // The host as written: WHATWG URL would turn "2130706433" or "0x7f.1" into 127.0.0.1, Go does not.
    const host = (RAW_HOST.exec(candidate)?.[1] ?? target.hostname).toLowerCase();
    const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
    // Where a browser would go must be what was checked ("http://evil.example\@localhost/" goes to evil.example).
    if (isHttp && host !== target.hostname) return false;
    if (host === site.hostname && target.protocol === site.protocol && (target.port === site.port || isLoopbackHost(host))) {
      return true;
    }
    if (/^\d+$/.test(host)) return false;
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare)) return isLoopbackHost(bare);
    if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false;
  }
  const withoutFragment = candidate.split('#')[0];
  return policy.allowList.some((glob) => globToRegExp(glob).test(withoutFragment));
}

/** GoTrue's GetReferrer: redirect_to (header or query), then Referer, then the site URL. */
export function referrer(policy: RedirectPolicy, req: ApiRequest, explicit?: string): string {
  const candidates = [explicit, req.header('redirect_to'), req.query.get('redirect_to') ?? undefined, req.header('referer')];
  for (const c of candidates) {
    if (c && isRedirectAllowed(policy, c)) return c;
  }
  return policy.siteUrl;
}
