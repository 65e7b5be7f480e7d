import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BACK_SHOWN_MS, HUNG_AFTER_MS, createReachability, type ReachabilityStore } from './reachability';

const API = 'http://api.test';

/** A window stand-in: its own events, and whether the browser says it is online. */
function browser(onLine = true) {
  const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
  target.navigator = { onLine };
  return target;
}

/** The services' answers, switchable: 'down' refuses the connection, a number answers with that status. */
function services() {
  const answers = new Map<string, 'down' | number>();
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    const prefix = [...answers.keys()].find((p) => url.startsWith(`${API}/${p}`));
    const answer = prefix ? answers.get(prefix)! : 200;
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
  return { fetch, asked, set: (prefix: string, answer: 'down' | number) => answers.set(prefix, answer) };
}

let store: ReachabilityStore | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  store?.dispose();
  vi.useRealTimers();
});

describe('whether Accord can be reached', () => {
  it('a request with no answer makes it unreachable; the probe finds the service back, and SWR is told to re-read', async () => {
    const window = browser();
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', target: window, probeFetch: net.fetch });
    const fetch = store.watch(net.fetch);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store!.get()));
    const onlineEvents = vi.fn();
    window.addEventListener('online', onlineEvents);

    net.set('rest/v1/', 'down');
    await expect(fetch(`${API}/rest/v1/organizations?select=id`)).rejects.toThrow('Failed to fetch');
    expect(store.get()).toBe('unreachable');

    // Still down at the first probe (0.5 s): it asks the Data API again, later.
    await vi.advanceTimersByTimeAsync(500);
    expect(net.asked.at(-1)).toBe(`HEAD ${API}/rest/v1/pricing_plans?select=id&limit=0`);
    expect(store.get()).toBe('unreachable');

    net.set('rest/v1/', 200);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.get()).toBe('back');
    expect(onlineEvents).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BACK_SHOWN_MS);
    expect(store.get()).toBe('reachable');
    expect(seen).toEqual(['unreachable', 'back', 'reachable']);
  });

  it('the gateway’s 502, 503 and 504 mean a service is down; other errors are answers', async () => {
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: net.fetch });
    const fetch = store.watch(net.fetch);
    net.set('auth/v1/', 400);
    await fetch(`${API}/auth/v1/token`);
    expect(store.get()).toBe('reachable');
    for (const status of [502, 503, 504]) {
      net.set('auth/v1/', status);
      await fetch(`${API}/auth/v1/token`);
      expect(store.get()).toBe('unreachable');
      net.set('auth/v1/', 200);
      // Any answer of that service brings it back, the probe's or a request's.
      await fetch(`${API}/auth/v1/user`);
      expect(store.get()).toBe('back');
    }
  });

  it('is back only when every service that failed answers again', async () => {
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: net.fetch });
    const fetch = store.watch(net.fetch);
    net.set('storage/v1/', 503);
    net.set('functions/v1/', 'down');
    await fetch(`${API}/storage/v1/object/list/docs`);
    await fetch(`${API}/functions/v1/pay-invoice`).catch(() => undefined);
    net.set('storage/v1/', 200);
    await vi.advanceTimersByTimeAsync(500);
    expect(store.get()).toBe('unreachable');
    expect(net.asked).toContain(`OPTIONS ${API}/functions/v1/verify-credential`);
    net.set('functions/v1/', 204);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.get()).toBe('back');
  });

  it('says offline while the browser is, and what it finds once the network returns', async () => {
    const window = browser(false);
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', target: window, probeFetch: net.fetch });
    expect(store.get()).toBe('offline');
    window.navigator.onLine = true;
    window.dispatchEvent(new Event('online'));
    expect(store.get()).toBe('back');

    window.dispatchEvent(new Event('offline'));
    expect(store.get()).toBe('offline');
    // A request made while offline fails, and that service is asked again once the network returns.
    net.set('rest/v1/', 'down');
    await store.watch(net.fetch)(`${API}/rest/v1/notifications`).catch(() => undefined);
    expect(store.get()).toBe('offline');
    window.dispatchEvent(new Event('online'));
    expect(store.get()).toBe('unreachable');
    net.set('rest/v1/', 200);
    await vi.advanceTimersByTimeAsync(500);
    expect(store.get()).toBe('back');
  });

  it('ignores requests it does not know and requests aborted on purpose', async () => {
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: net.fetch });
    const aborting = vi.fn(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(store.watch(aborting)(`${API}/rest/v1/organizations`)).rejects.toThrow('aborted');
    net.set('elsewhere', 'down');
    await store.watch(net.fetch)('https://elsewhere.test/x').catch(() => undefined);
    expect(store.get()).toBe('reachable');
  });

  it('a Data API request left unanswered means its service hangs; an upload or a function that takes as long does not; answers bring it back', async () => {
    // A stopped service: connections accepted, nothing answered until it resumes; a probe gives up on its own signal.
    let resumed = false;
    const waiting: (() => void)[] = [];
    const asked: string[] = [];
    const hangingFetch = vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          asked.push(`${init?.method ?? 'GET'} ${String(input)}`);
          if (resumed) return resolve(new Response(null, { status: 200 }));
          waiting.push(() => resolve(new Response(null, { status: 200 })));
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
        }),
    );
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: hangingFetch });
    const fetch = store.watch(hangingFetch);

    const upload = fetch(`${API}/storage/v1/object/documents/a.pdf`, { method: 'POST', body: 'many bytes' });
    const publish = fetch(`${API}/functions/v1/publish-trust-list`, { method: 'POST', body: '{}' });
    await vi.advanceTimersByTimeAsync(HUNG_AFTER_MS);
    expect(store.get()).toBe('reachable');

    // A registry search is an RPC POST with a body, and a read all the same.
    const read = fetch(`${API}/rest/v1/rpc/registry_search`, { method: 'POST', body: '{"q":"kivi"}' });
    await vi.advanceTimersByTimeAsync(HUNG_AFTER_MS - 1);
    expect(store.get()).toBe('reachable');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get()).toBe('unreachable');

    // The probe is not stuck behind a hung answer: it times out and asks again.
    await vi.advanceTimersByTimeAsync(500 + 4_000 + 1_000 + 4_000);
    expect(asked.filter((a) => a.startsWith(`HEAD ${API}/rest/v1/pricing_plans`)).length).toBeGreaterThanOrEqual(2);
    expect(store.get()).toBe('unreachable');

    // The service resumes: the answers it owed arrive, and Accord is back.
    resumed = true;
    for (const answer of waiting.splice(0)) answer();
    await expect(read).resolves.toHaveProperty('status', 200);
    await expect(upload).resolves.toHaveProperty('status', 200);
    await expect(publish).resolves.toHaveProperty('status', 200);
    expect(store.get()).toBe('back');
  });

  it('Realtime reports itself, per live view: no probe asks it, and it is back when every view that failed is live again', async () => {
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: net.fetch });
    store.report('realtime:inbox', false);
    store.report('realtime:conversation:1', false);
    expect(store.get()).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.asked).toEqual([]);
    store.report('realtime:inbox', true);
    expect(store.get()).toBe('unreachable');
    store.report('realtime:conversation:1', true);
    expect(store.get()).toBe('back');
  });

  it('a view that closes while its Realtime is down takes its report back: the banner goes without "Connected again"', async () => {
    const net = services();
    store = createReachability({ apiUrl: API, anonKey: 'anon', probeFetch: net.fetch });
    store.report('realtime:inbox', false);
    store.report('realtime:conversation:1', false);
    store.withdraw('realtime:conversation:1');
    expect(store.get()).toBe('unreachable');
    store.withdraw('realtime:inbox');
    expect(store.get()).toBe('reachable');
    // A view that never failed withdrawing changes nothing.
    store.report('realtime:inbox', false);
    store.withdraw('realtime:other');
    expect(store.get()).toBe('unreachable');
  });
});
