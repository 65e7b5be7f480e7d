/**
 * One shared answer to "can Accord be reached?" (issue 28): the browser's own
 * online state, and what the backend's answers say. A request that gets no
 * answer at all, or the gateway's 502/503/504 (a service behind it is down),
 * makes Accord unreachable, as does a request that has had no answer for
 * HUNG_AFTER_MS (a service that stopped without closing its connections, which
 * no gateway error reports); from then on a small probe asks the services that
 * failed again, with a growing delay, until they answer; the first answer of
 * any request to them does as well. When Accord is back, the browser's
 * `online` event is sent again so SWR re-reads every list on the page, as it
 * does when a phone comes back online. Realtime's socket reports itself
 * (report): a live view that cannot rejoin makes Accord unreachable too.
 *
 * The app shows it in one calm banner (components/layout/reachability-banner).
 * What a person typed stays in its form: a failed command keeps its values and
 * offers Retry (components/use-command).
 */

import { REACHABILITY_EVENT } from './reachability-event';

export type Reachability = 'reachable' | 'unreachable' | 'offline' | 'back';

type Fetch = typeof fetch;

/** The gateway's words for "the service behind me did not answer". */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** First probe after 0.5 s, then twice as long each time, at most 4 s: back within 5 s of a service's return. */
const PROBE_DELAYS_MS = [500, 1_000, 2_000, 4_000];
/**
 * A request to the Data API or Auth, or a Storage read, still unanswered after
 * this long means its service hangs: PostgREST ends any statement of the API
 * roles by 8 s (their statement_timeout), reads included that go as RPC POSTs,
 * and Auth and Storage reads answer at once. Edge Functions (a PDF, a trust
 * list) and Storage uploads (large files on a slow line) may honestly take
 * longer, so they are left out.
 */
export const HUNG_AFTER_MS = 10_000;
/** A probe unanswered this long counts as failed, so a hung service is asked again rather than waited on. */
const PROBE_TIMEOUT_MS = 4_000;
/** How long "back" is said before the banner leaves. */
export const BACK_SHOWN_MS = 4_000;

/** The cheapest request each service answers without a session: what the probe asks. */
const PROBES: Record<string, (base: string) => { url: string; method: string }> = {
  'auth/v1/': (base) => ({ url: `${base}auth/v1/health`, method: 'GET' }),
  // A public table everyone may read; HEAD with limit=0 returns no rows.
  'rest/v1/': (base) => ({ url: `${base}rest/v1/pricing_plans?select=id&limit=0`, method: 'HEAD' }),
  'storage/v1/': (base) => ({ url: `${base}storage/v1/bucket`, method: 'GET' }),
  'functions/v1/': (base) => ({ url: `${base}functions/v1/verify-credential`, method: 'OPTIONS' }),
};

export interface ReachabilityStore {
  get(): Reachability;
  subscribe(listener: () => void): () => void;
  /** A fetch that reports what it sees (wraps the client's). */
  watch(baseFetch: Fetch): Fetch;
  /**
   * What a connection that is not a fetch saw: Realtime's socket, which
   * realtime-js reconnects by itself (so no probe asks it; its own rejoin says
   * when it is back). One entry per live view (`realtime:<view>`), so a view
   * that closes withdraws only its own failure.
   */
  report(service: `realtime:${string}`, reachable: boolean): void;
  /**
   * A view that closes takes back its report: its failure no longer counts,
   * and if it was the last one the banner goes quietly, without "Connected
   * again", since nothing came back.
   */
  withdraw(service: `realtime:${string}`): void;
  /** Stops the probe and the timers (tests). */
  dispose(): void;
}

/** The browser window, as far as this module needs it. */
export type ReachabilityTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { navigator?: { onLine: boolean } };

export interface ReachabilityOptions {
  apiUrl: string;
  anonKey: string;
  /** The window whose online/offline events count; none outside a browser. */
  target?: ReachabilityTarget;
  /** What the probe asks with (the unwrapped fetch). */
  probeFetch?: Fetch;
}

export function createReachability({ apiUrl, anonKey, target, probeFetch = (i, init) => fetch(i, init) }: ReachabilityOptions): ReachabilityStore {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  const listeners = new Set<() => void>();
  let state: Reachability = target?.navigator?.onLine === false ? 'offline' : 'reachable';
  /** The services that failed and have not answered since. */
  const failing = new Set<string>();
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let backTimer: ReturnType<typeof setTimeout> | undefined;
  let probes = 0;
  let disposed = false;

  const set = (next: Reachability) => {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener();
    target?.dispatchEvent(new Event(REACHABILITY_EVENT));
  };

  const serviceOf = (url: string) => Object.keys(PROBES).find((prefix) => url.startsWith(`${base}${prefix}`));

  const comeBack = () => {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probes = 0;
    if (state !== 'unreachable' && state !== 'offline') return;
    set('back');
    // SWR re-reads on `online`; the browser sends it only when its own network returns.
    target?.dispatchEvent(new Event('online'));
    clearTimeout(backTimer);
    backTimer = setTimeout(() => state === 'back' && set('reachable'), BACK_SHOWN_MS);
  };

  const answered = (service: string) => {
    failing.delete(service);
    if (failing.size === 0 && state === 'unreachable') comeBack();
  };

  const probe = async () => {
    probeTimer = undefined;
    for (const service of [...failing]) {
      const ask = PROBES[service];
      if (!ask) continue;
      const { url, method } = ask(base);
      const giveUp = new AbortController();
      const timeout = setTimeout(() => giveUp.abort(), PROBE_TIMEOUT_MS);
      const ok = await probeFetch(url, { method, headers: { apikey: anonKey }, signal: giveUp.signal })
        .then(
          (response) => !GATEWAY_FAILURES.has(response.status),
          () => false,
        )
        .finally(() => clearTimeout(timeout));
      if (ok) answered(service);
    }
    scheduleProbe();
  };

  const scheduleProbe = () => {
    if (disposed || probeTimer || state === 'offline' || ![...failing].some((service) => service in PROBES)) return;
    const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)]!;
    probes += 1;
    probeTimer = setTimeout(() => void probe(), delay);
  };

  const failed = (service: string) => {
    failing.add(service);
    clearTimeout(backTimer);
    if (state !== 'offline') set('unreachable');
    scheduleProbe();
  };

  const onOffline = () => {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    clearTimeout(backTimer);
    set('offline');
  };
  const onOnline = () => {
    if (state !== 'offline') return;
    // The network is back; the services may not be.
    if (failing.size > 0) {
      set('unreachable');
      probes = 0;
      scheduleProbe();
    } else comeBack();
  };
  target?.addEventListener('offline', onOffline);
  target?.addEventListener('online', onOnline);

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(baseFetch) {
      return async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const service = serviceOf(url);
        if (!service) return baseFetch(input, init);
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const mayTakeLong = service === 'functions/v1/' || (service === 'storage/v1/' && method !== 'GET' && method !== 'HEAD');
        const hung = mayTakeLong ? undefined : setTimeout(() => failed(service), HUNG_AFTER_MS);
        let response: Response;
        try {
          response = await baseFetch(input, init);
        } catch (error) {
          // Aborted on purpose (a page left, a newer search): not a sign of anything.
          if (!(error instanceof DOMException && error.name === 'AbortError')) failed(service);
          throw error;
        } finally {
          clearTimeout(hung);
        }
        if (GATEWAY_FAILURES.has(response.status)) failed(service);
        else answered(service);
        return response;
      };
    },
    report(service, reachable) {
      if (reachable) answered(service);
      else failed(service);
    },
    withdraw(service) {
      if (!failing.delete(service) || failing.size > 0 || state !== 'unreachable') return;
      clearTimeout(probeTimer);
      probeTimer = undefined;
      probes = 0;
      set('reachable');
    },
    dispose() {
      disposed = true;
      clearTimeout(probeTimer);
      clearTimeout(backTimer);
      target?.removeEventListener('offline', onOffline);
      target?.removeEventListener('online', onOnline);
      listeners.clear();
    },
  };
}
