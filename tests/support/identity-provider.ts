import { IDP_PASSWORD } from '../../supabase/local/oidc/users.ts';
import { stack } from './auth-helpers.ts';

/**
 * A person's browser at the local identity provider, for the contract tests:
 * follows redirects by hand, keeps the provider's cookies, and fills in its
 * sign-in form as a person would (the form's own action, its field names).
 */
const idpOrigin = `http://localhost:${stack.ports.idp}`;
const callbackPrefix = `${stack.apiUrl}/auth/v1/callback`;

export interface ProviderVisit {
  /** Where the provider sent the browser back to: the auth service's /callback with `code` and `state`. */
  callback: URL;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function formActions(html: string): { login: string; abort: string } {
  const actions = [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  if (actions.length < 2) throw new Error(`No sign-in form on the provider's page:\n${html.slice(0, 500)}`);
  return { login: actions[0], abort: actions[1] };
}

/**
 * Opens `authorizeUrl` (the auth service's /authorize, or the provider URL
 * linkIdentity returns), signs in at the provider as `login` (or cancels), and
 * stops where the provider sends the browser back to the auth service.
 */
export async function visitProvider(
  authorizeUrl: string,
  opts: { login?: string; password?: string; cancel?: boolean } = {},
): Promise<ProviderVisit> {
  const jar = new CookieJar();
  let url = new URL(authorizeUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    if (url.origin === idpOrigin) jar.take(res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) return { callback: next };
      if (next.origin !== idpOrigin && !next.href.startsWith(`${stack.apiUrl}/auth/v1/`)) {
        throw new Error(`The flow left for ${next.href} before reaching the callback`);
      }
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200 || url.origin !== idpOrigin) throw new Error(`Unexpected ${res.status} from ${url.href}: ${html.slice(0, 300)}`);
    const actions = formActions(html);
    const body = opts.cancel
      ? new URLSearchParams()
      : new URLSearchParams({ login: opts.login ?? '', password: opts.password ?? IDP_PASSWORD });
    url = new URL(opts.cancel ? actions.abort : actions.login, url);
    init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('Too many redirects at the identity provider');
}

/** Opens the auth service's /callback as the browser would; returns where it sends the browser and with what status. */
export async function openCallback(callback: URL): Promise<{ status: number; location: URL }> {
  const res = await fetch(callback, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`Expected a redirect from /callback, got ${res.status}: ${await res.text()}`);
  return { status: res.status, location: new URL(location) };
}

/** The whole round trip: authorize, sign in at the provider, callback; returns where the app is sent. */
export async function signInThroughProvider(authorizeUrl: string, login: string): Promise<URL> {
  const { callback } = await visitProvider(authorizeUrl, { login });
  return (await openCallback(callback)).location;
}
