import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import { build, type Manifest } from 'vite';
import WebSocket from 'ws';
import { buildApp, serveBuiltApp } from '../supabase/local/app-server.ts';
import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';
import { backOfficeBench, backOfficeSizes } from './bench-back-office.ts';
import { billingBench } from './bench-billing.ts';
import { figuresBench } from './bench-figures.ts';
import { loadBench, loadBenchOptions } from './bench-load.ts';
import { databaseBench } from './bench-database.ts';
import { recoveryBench, recoverySizes, RECOVERY_TITLE } from './bench-recovery.ts';
import { exportBench } from './bench-export.ts';
import { dataRoomBench } from './bench-data-room.ts';
import { INVOICE_PDF_TITLE, invoicePdfBench } from './bench-invoice-pdf.ts';
import { realtimeBench } from './bench-realtime.ts';
import { trustListBench } from './bench-trust-list.ts';
import { webhooksBench } from './bench-webhooks.ts';
import { chromePath, launchBrowser } from '../tests/support/browser.ts';
import { budgetKiB, ceilingKiB, publicRouteAddresses, weighRoute, type RouteWeight } from './lib/route-budgets.ts';
import { withDevelopmentNetworkKeys } from './lib/trust-well-known.ts';

/**
 * `npm run bench`: the figures we hold ourselves to, measured rather than
 * asserted in timed tests.
 *   1. JavaScript a visitor downloads before `/` is interactive (production
 *      build, gzip): the entry, everything it imports statically, and the home
 *      page's lazy chunk with its static imports. Budget: 150 KiB.
 *   2. Local stack start: from an empty data directory, and warm.
 *   3. The sign-in callback: from landing on /auth/callback with a session in
 *      the URL to the final redirect, in Chromium against the production build
 *      and the local stack, p50 and p95 over CALLBACK_RUNS runs. Goal: p95 ≤ 300 ms.
 *   4. Lighthouse (mobile: simulated slow 4G and a 4× slower CPU) on the
 *      pages issues 5 and 29 name, against the production build with its
 *      prerendered pages and the local stack with its seed, in Debian's
 *      Chromium. Each page LIGHTHOUSE_RUNS times; the median run counts, as
 *      Lighthouse's own guidance says, because one run on a shared 2-core
 *      machine can be twice as slow as the next. A run that fails (Lighthouse's
 *      own `NO_NAVSTART` on a loaded machine) is tried again, and a page's
 *      completed runs count even when one fails every time; `--busy` runs two
 *      busy processes beside it. Goals (issue 29): performance ≥ 95 and
 *      accessibility 100 at the median, Total Blocking Time ≤ 200 ms and CLS
 *      ≤ 0.05 in every run.
 *      Lighthouse is fetched by npx on first use (it is ~185 MB, too much to
 *      make every install carry).
 *   5. A shared search link: a visitor opening /trust-registry?q=… directly
 *      (the production build, whose /trust-registry.html is the page without
 *      a search). From navigation to the filtered result on screen, p50 and
 *      p95 over SHARED_LINK_RUNS runs, and for how long the screen showed
 *      anything but that search before it (an empty search box, the loading
 *      spinner, other cards). Goal: the search from the first paint on.
 *   6. Realtime (scripts/bench-realtime.ts): 100 supabase-js clients of 10
 *      organisations subscribed to postgres_changes while messages are written
 *      through post_message at a steady rate; from the insert's commit to each
 *      client's callback, p50/p95/max, and every client must receive exactly
 *      its own organisation's changes. Goal: p95 ≤ 100 ms, zero
 *      cross-organisation deliveries.
 *   7. Only with `-- --back-office`: the back office's tenants and activity
 *      log and the member dashboard's queries at scale (100,000
 *      organisations, 300,000 members, 1,000,000 activity entries by
 *      default; `--orgs`, `--members`, `--activity` change them), through
 *      PostgREST with real JWTs (scripts/bench-back-office.ts). Goal: every
 *      p95 ≤ 50 ms. It loads for minutes, so the full run leaves it out.
 *   8. Only with `-- --figures`: network_summary and network_analytics at the
 *      same scale, as a stakeholder (scripts/bench-figures.ts). Goal: every
 *      p95 ≤ 100 ms. Left out of the full run for the same reason.
 *   9. Only with `-- --data-room`: opening a 5 MB data-room PDF stamped with
 *      the reader's e-mail, request to first byte (scripts/bench-data-room.ts).
 *      Goal: p95 ≤ 500 ms.
 *  10. A 30-line invoice PDF rendered as the invoice-pdf Edge Function renders
 *      it (scripts/bench-invoice-pdf.ts); `-- --invoice-pdf` runs only this.
 *      Goals: p95 ≤ 300 ms to render, under 100 KB.
 *  11. Only with `-- --database`: the five reads of /admin/database at the
 *      back-office scale, as a system administrator at aal2
 *      (scripts/bench-database.ts). Goals: each p95 ≤ 50 ms, the whole page
 *      ≤ 250 ms. Left out of the full run: it loads for minutes.
 *  12. Only with `-- --recovery`: a backup and a restore drill of at least
 *      5 million rows (`--rows N` for another size) (scripts/bench-recovery.ts, decision 077). Goal: both
 *      together ≤ 90 s with every table and file equal. Left out of the full
 *      run: it loads for minutes.
 *  13. Only with `-- --export`: ▶ Export of a typical organisation at the same
 *      scale, the organisation-export Edge Function end to end as a system
 *      administrator at aal2 (scripts/bench-export.ts). Goal: p95 ≤ 1 s.
 *  14. Only with `-- --load`: the network under load at the same scale, on a
 *      stack in its own process (scripts/bench-load.ts, decision 086): the
 *      open registry API with 100 clients for 30 s (`--load-seconds N`), 200
 *      sign-ins by code in a minute, 50 members writing while 100 clients are
 *      subscribed through Realtime, 20 administrators paging the back office.
 *      Goals: registry ≥ 1,000 req/s with p95 ≤ 50 ms and no errors; realtime
 *      delivery p95 ≤ 100 ms; no 5xx in any phase.
 *  15. Only with `-- --routes`: every public route as a visitor's browser
 *      loads it (scripts/lib/route-budgets.ts): all JavaScript fetched from
 *      landing until the network is idle, gzip level 9, in Chromium against
 *      the production build and the local stack. Budgets: `/` 130 KiB, the
 *      sign-in pages 180, onboarding 200, every other public page 150.
 */
const ROOT = join(import.meta.dirname, '..');
const BUDGET_KIB = 150;
const CALLBACK_RUNS = 25;
const CALLBACK_WARMUP = 3;
const CALLBACK_GOAL_P95_MS = 300;
const LIGHTHOUSE = 'lighthouse@12.8.2';
const LIGHTHOUSE_PAGES = ['/', '/trust-registry', '/pricing', '/login', '/onboarding'];
const LIGHTHOUSE_RUNS = 5;
const LIGHTHOUSE_GOAL = 95;
/** Issue 29: accessibility 100 at the median, and in every run Total Blocking Time ≤ 200 ms and CLS ≤ 0.05. */
const LIGHTHOUSE_ACCESSIBILITY_GOAL = 100;
const LIGHTHOUSE_TBT_MS = 200;
const LIGHTHOUSE_CLS = 0.05;
/** Sorted by name, Voyages Lumière is on the registry's last page: the unfiltered first page does not hold it. */
const SHARED_LINK = '/trust-registry?q=Voyages';
const SHARED_LINK_RUNS = 20;
const SHARED_LINK_WARMUP = 2;

async function firstLoad(): Promise<{ files: { file: string; gz: number }[]; total: number }> {
  const outDir = mkdtempSync(join(tmpdir(), 'accord-bench-'));
  try {
    process.env.VITE_SUPABASE_URL ??= 'https://project.supabase.co';
    process.env.VITE_SUPABASE_ANON_KEY ??= 'bench';
    withDevelopmentNetworkKeys(ROOT);
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    visit('index.html');
    const home = Object.keys(manifest).find((k) => k.endsWith('src/features/public/home-page.tsx'));
    if (!home) throw new Error('home page chunk not found in the build manifest');
    visit(home);
    const files = [...seen].map((key) => {
      const file = manifest[key].file;
      return { file, gz: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length };
    });
    return { files: files.sort((a, b) => b.gz - a.gz), total: files.reduce((s, f) => s + f.gz, 0) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function stackStart(fresh: boolean): Promise<number> {
  const t0 = performance.now();
  const stack = await startStack(stackConfig('test'), { fresh });
  const ms = performance.now() - t0;
  await stack.stop();
  return ms;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function nodeClient(config: StackConfig, key: string): SupabaseClient {
  return createClient(config.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js needs a WebSocket implementation on Node.
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}

/**
 * One session for the demo member, made without e-mail (a magic link
 * generated with the service role, verified by its hash), so the runs do not
 * spend the auth service's per-IP sign-in budget. Its tokens are reusable:
 * adopting a non-expired access token only asks the auth service who it is.
 */
async function memberSessionTokens(config: StackConfig): Promise<{ access: string; refresh: string }> {
  const link = await nodeClient(config, config.keys.serviceRoleKey).auth.admin.generateLink({
    type: 'magiclink',
    email: 'member@accord.test',
  });
  if (link.error) throw link.error;
  const verified = await nodeClient(config, config.keys.anonKey).auth.verifyOtp({
    token_hash: link.data.properties.hashed_token,
    type: 'magiclink',
  });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('no session');
  return { access: verified.data.session.access_token, refresh: verified.data.session.refresh_token };
}

/**
 * Runs in the page before the app. Notes when the callback has started (it
 * removes the tokens: the URL becomes the bare /auth/callback; the router's own
 * start-up rewrite keeps the fragment) and when the path leaves the callback.
 */
const MARK_CALLBACK_SCRIPT = `
  (() => {
    const marks = { started: -1, left: -1 };
    window.__callbackMarks = marks;
    const note = () => {
      const bare = location.pathname === '/auth/callback' && location.search === '' && location.hash === '';
      if (marks.started < 0 && bare) marks.started = performance.now();
      if (marks.left < 0 && location.pathname !== '/auth/callback') marks.left = performance.now();
    };
    for (const method of ['pushState', 'replaceState']) {
      const original = history[method].bind(history);
      history[method] = (...args) => { original(...args); note(); };
    }
  })();
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs `work` against the production build (with its prerendered pages)
 * served by vite preview on the test app port, and a fresh, seeded test stack.
 */
async function withServedBuild<T>(work: (config: StackConfig, outDir: string) => Promise<T>): Promise<T> {
  const config = stackConfig('test');
  const stack = await startStack(config, { fresh: true });
  const outDir = mkdtempSync(join(tmpdir(), 'accord-bench-app-'));
  try {
    await buildApp(config, outDir);
    const app = await serveBuiltApp(config, outDir);
    try {
      return await work(config, outDir);
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await stack.stop();
  }
}

/** Each public route in a fresh browser context: the scripts fetched until the network is idle. */
function routeWeights(): Promise<{ pattern: string; path: string; weight: RouteWeight }[]> {
  return withServedBuild(async (config, outDir) => {
    const browser = await launchBrowser();
    try {
      const weights = [];
      for (const { pattern, path } of await publicRouteAddresses(config.apiUrl, config.keys.anonKey)) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        weights.push({ pattern, path, weight: await weighRoute(await context.newPage(), `${config.appUrl}${path}`, outDir) });
        await context.close();
      }
      return weights;
    } finally {
      await browser.close();
    }
  });
}

/**
 * Each run is a fresh browser context (no stored session) landing on
 * /auth/callback#access_token=…&refresh_token=…, the shape of a sign-in link's
 * redirect. An init script notes, on the page's own clock (0 = navigation
 * start), when the app first rewrites the URL (the callback has started and
 * removed the tokens) and when the path leaves /auth/callback (the redirect).
 */
function callbackTiming(): Promise<{ total: number[]; inApp: number[] }> {
  return withServedBuild(async (config) => {
    const browser = await launchBrowser();
    try {
      const tokens = await memberSessionTokens(config);
      const landing = `${config.appUrl}/auth/callback#access_token=${tokens.access}&refresh_token=${tokens.refresh}`;
      const total: number[] = [];
      const inApp: number[] = [];
      for (let run = 0; run < CALLBACK_WARMUP + CALLBACK_RUNS; run += 1) {
        const context = await browser.newContext();
        await context.addInitScript({ content: MARK_CALLBACK_SCRIPT });
        const page = await context.newPage();
        await page.goto(landing);
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
        const marks = (await page.evaluate('window.__callbackMarks')) as { started: number; left: number };
        await context.close();
        if (run < CALLBACK_WARMUP) continue;
        total.push(marks.left);
        inApp.push(marks.left - marks.started);
      }
      return { total: total.sort((a, b) => a - b), inApp: inApp.sort((a, b) => a - b) };
    } finally {
      await browser.close();
    }
  });
}

/**
 * Runs in the page before anything else: on every animation frame, notes what
 * a person sees of the registry search when it changes, on the page's own
 * clock (0 = navigation start): the search box's value (null when there is no
 * page, only the loading spinner, or the page has not arrived that far), whether
 * the document is still being parsed, and the names of the visible result cards.
 */
const WATCH_REGISTRY_SCRIPT = `
  (() => {
    const changes = [];
    window.__registryFrames = changes;
    let last = null;
    const seen = () => ({
      box: document.querySelector('main input[name="q"]')?.value ?? null,
      parsing: document.readyState === 'loading',
      cards: [...document.querySelectorAll('main h3 a[href^="/trust-registry/"]')]
        .filter((link) => link.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        .map((link) => link.textContent)
        .join(' | '),
    });
    const tick = () => {
      const now = seen();
      const key = JSON.stringify(now);
      if (key !== last) {
        changes.push({ at: performance.now(), ...now });
        last = key;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();
`;

interface SharedLinkRun {
  /** From navigation start to the frame from which the filtered result stays on screen. */
  resultAt: number;
  /**
   * Before the result, how long the screen showed something other than the
   * shared search: a search box without its query, no page at all (the
   * loading spinner), or cards other than the result.
   */
  otherMs: number;
}

/**
 * Each run is a fresh browser context opening SHARED_LINK. A run ends when the
 * search box holds the query, the result's card is visible and the network is
 * idle; the last change on screen is the result.
 */
function sharedLinkTiming(): Promise<SharedLinkRun[]> {
  return withServedBuild(async (config) => {
    const browser = await launchBrowser();
    const query = new URL(SHARED_LINK, config.appUrl).searchParams.get('q') ?? '';
    try {
      const runs: SharedLinkRun[] = [];
      for (let run = 0; run < SHARED_LINK_WARMUP + SHARED_LINK_RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript({ content: WATCH_REGISTRY_SCRIPT });
        const page = await context.newPage();
        await page.goto(`${config.appUrl}${SHARED_LINK}`);
        await page.getByRole('link', { name: new RegExp(query) }).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        const frames = (await page.evaluate('window.__registryFrames')) as { at: number; box: string | null; parsing: boolean; cards: string }[];
        await context.close();
        if (run < SHARED_LINK_WARMUP) continue;
        const result = frames.at(-1)!;
        if (result.box !== query || !result.cards.includes(query)) throw new Error(`${SHARED_LINK} ended showing ${JSON.stringify(result)}.`);
        let otherMs = 0;
        frames.slice(0, -1).forEach((frame, index) => {
          // A page still arriving, its search box not parsed yet, shows nothing wrong.
          const arriving = frame.parsing && frame.box === null;
          const showsTheSearch = arriving || (frame.box === query && (frame.cards === '' || frame.cards === result.cards));
          if (!showsTheSearch) otherMs += frames[index + 1]!.at - frame.at;
        });
        runs.push({ resultAt: result.at, otherMs });
      }
      return runs;
    } finally {
      await browser.close();
    }
  });
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  /** Total Blocking Time in ms and the layout shift, as numbers for the every-run goals. */
  tbtMs: number;
  clsScore: number;
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number }>;
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
}

function runLighthouse(url: string): Promise<LighthouseRun> {
  const flags = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync';
  const args = ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility', `--chrome-flags=${flags}`];
  return new Promise((resolve, reject) => {
    execFile('npx', args, { env: { ...process.env, CHROME_PATH: chromePath() }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`Lighthouse failed on ${url}: ${stderr || error.message}`));
      const report = JSON.parse(stdout) as LighthouseReport;
      const shown = (audit: string) => report.audits[audit]?.displayValue ?? '?';
      resolve({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        fcp: shown('first-contentful-paint'),
        lcp: shown('largest-contentful-paint'),
        tbt: shown('total-blocking-time'),
        cls: shown('cumulative-layout-shift'),
        tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.POSITIVE_INFINITY,
        clsScore: report.audits['cumulative-layout-shift']?.numericValue ?? Number.POSITIVE_INFINITY,
      });
    });
  });
}

/** Attempts at one Lighthouse run before it counts as failed: a run can fail on its own (`NO_NAVSTART`) on a loaded machine. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Each page LIGHTHOUSE_PAGES names, `runs` times. A failed run is tried again
 * up to LIGHTHOUSE_ATTEMPTS times; a run that fails every time is reported
 * and left out, and the page's other runs still count.
 */
function lighthouseScores(runs: number): Promise<Map<string, { runs: LighthouseRun[]; failures: string[] }>> {
  return withServedBuild(async (config) => {
    const results = new Map<string, { runs: LighthouseRun[]; failures: string[] }>();
    for (const path of LIGHTHOUSE_PAGES) {
      const page = { runs: [] as LighthouseRun[], failures: [] as string[] };
      for (let run = 0; run < runs; run += 1) {
        for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt += 1) {
          try {
            page.runs.push(await runLighthouse(`${config.appUrl}${path}`));
            break;
          } catch (error) {
            const reason = (error instanceof Error ? error.message : String(error)).split('\n').find((line) => /\w/.test(line)) ?? 'unknown';
            page.failures.push(`run ${run + 1}, attempt ${attempt}: ${reason.slice(0, 160)}`);
          }
        }
      }
      results.set(path, page);
    }
    return results;
  });
}

/**
 * Two processes that keep a core each busy for as long as Lighthouse runs
 * (`-- --lighthouse --busy`): the goal holds on a busy machine too.
 */
function busyProcesses(): { stop(): void } {
  const children = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }));
  return { stop: () => children.forEach((child) => child.kill()) };
}

/** The run with the median performance score. */
const medianRun = (runs: LighthouseRun[]) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;

// `npm run bench -- --callback` measures only the sign-in callback, `-- --lighthouse` only Lighthouse,
// `-- --shared-link` only the shared search link, `-- --realtime` only Realtime, `-- --back-office` only the back office at scale,
// `-- --billing` only billing at scale, `-- --invoice-pdf` only the invoice PDF, `-- --database` only /admin/database's reads,
// `-- --recovery` only the backup and restore drill, `-- --export` only an organisation's export, `-- --trust-list` only the signed trust list at scale,
// `-- --first-load` only the first-load JavaScript, `-- --load` only the network under load, `-- --routes` only every public route's JavaScript.
const ONLY = ['routes', 'callback', 'lighthouse', 'shared-link', 'realtime', 'back-office', 'figures', 'data-room', 'billing', 'invoice-pdf', 'database', 'recovery', 'export', 'trust-list', 'first-load', 'webhooks', 'load'] as const;
const only = ONLY.find((name) => process.argv.includes(`--${name}`)) ?? null;

if (only === 'back-office') {
  const sizes = backOfficeSizes(process.argv);
  console.log(`Back office at scale (${sizes.orgs} organisations, ${sizes.members} members, ${sizes.activity} activity entries; PostgREST, real JWTs)`);
  process.exit((await backOfficeBench(sizes)) ? 0 : 1);
}
// `-- --figures`: the network's figures at the same scale (scripts/bench-figures.ts, decision 062).
if (only === 'figures') {
  const sizes = backOfficeSizes(process.argv);
  console.log(`Network figures at scale (${sizes.orgs} organisations; PostgREST, a stakeholder's JWT)`);
  process.exit((await figuresBench(sizes)) ? 0 : 1);
}
// `-- --load`: the network under load at the same scale (scripts/bench-load.ts, decision 086).
if (only === 'load') {
  const options = loadBenchOptions(process.argv);
  console.log(`The network under load (${options.sizes.orgs} organisations; a stack in its own process, the test ports)`);
  process.exit((await loadBench(options)) ? 0 : 1);
}
// `-- --database`: the reads of /admin/database at the same scale (scripts/bench-database.ts, decision 075).
if (only === 'database') {
  const sizes = backOfficeSizes(process.argv);
  console.log(`Database page at scale (${sizes.orgs} organisations; PostgREST, a system administrator's aal2 JWT)`);
  process.exit((await databaseBench(sizes)) ? 0 : 1);
}
// `-- --recovery`: a backup and a restore drill of 5 million rows (scripts/bench-recovery.ts, decision 077).
if (only === 'recovery') {
  console.log(RECOVERY_TITLE);
  process.exit((await recoveryBench(recoverySizes(process.argv))) ? 0 : 1);
}
// `-- --export`: ▶ Export of a typical organisation at the same scale (scripts/bench-export.ts, decision 076).
if (only === 'export') {
  const sizes = backOfficeSizes(process.argv);
  console.log(`Organisation export at scale (${sizes.orgs} organisations; the Edge Function through the gateway, a system administrator's aal2 JWT)`);
  process.exit((await exportBench(sizes)) ? 0 : 1);
}
// `-- --trust-list`: the signed trust list of 100,000 members and a suspension reaching it (scripts/bench-trust-list.ts, decision 081).
if (only === 'trust-list') {
  console.log('Signed trust list at scale (100,000 members; Postgres, the Edge Function in Deno, Storage, the stack\'s schedule)');
  process.exit((await trustListBench()) ? 0 : 1);
}
// `-- --data-room`: a stamped data-room PDF (scripts/bench-data-room.ts, decision 061).
if (only === 'data-room') {
  console.log('Data room: a 5 MB PDF opened with the stamp (Edge Function through the gateway, real JWT)');
  process.exit((await dataRoomBench()) ? 0 : 1);
}
// `-- --billing`: the renewal run and the invoice listing at scale (scripts/bench-billing.ts, decision 069).
if (only === 'billing') {
  console.log('Billing at scale (10,000 memberships, 1,000,000 invoices; PostgREST, a system administrator\'s JWT)');
  process.exit((await billingBench()) ? 0 : 1);
}
// `-- --webhooks`: 50 concurrent Stripe webhook deliveries acknowledged and applied, a failed event's retry, and the full
// property (120 orders, each delivered ten times at once) (scripts/bench-webhooks.ts, decision 078).
if (only === 'webhooks') {
  console.log('Stripe webhooks: 50 payment_intent.succeeded deliveries at once (local Stripe → gateway → stripe-webhook → database)');
  process.exit((await webhooksBench()) ? 0 : 1);
}
// `-- --invoice-pdf`: a 30-line invoice PDF (scripts/bench-invoice-pdf.ts, decision 071); seconds, no stack, so the full run measures it too.
if (only === 'invoice-pdf') {
  console.log(INVOICE_PDF_TITLE);
  process.exit(invoicePdfBench() ? 0 : 1);
}
// `-- --routes`: what a visitor's browser fetches on every public route, against its budget (issue 29).
if (only === 'routes') {
  console.log('JavaScript fetched until the network is idle, per public route (production build, Chromium, gzip level 9)');
  const weights = await routeWeights();
  let allWithin = true;
  for (const { pattern, weight } of weights) {
    const budget = budgetKiB(pattern);
    const over = weight.total / 1024 > budget;
    if (over) allWithin = false;
    const ceiling = ceilingKiB(pattern) === budget ? '' : `   (the browser test's ceiling until then: ${ceilingKiB(pattern)} KiB)`;
    console.log(`  ${pattern.padEnd(38)} ${kib(weight.total).padStart(10)}  budget ${String(budget).padStart(3)} KiB  ${over ? 'OVER  ' : 'within'}  ${String(weight.files.length).padStart(2)} files${ceiling}`);
    if (process.argv.includes('--files')) for (const f of weight.files) console.log(`      ${kib(f.gz).padStart(10)}  ${f.file}`);
  }
  console.log(`  budgets: ${allWithin ? 'met' : 'MISSED'}`);
  process.exit(allWithin ? 0 : 1);
}

let within = true;
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

if (!only || only === 'first-load') {
  console.log('First load of / (production build, gzip)');
  const load = await firstLoad();
  for (const f of load.files) console.log(`  ${kib(f.gz).padStart(10)}  ${relative('.', f.file)}`);
  within = load.total / 1024 <= BUDGET_KIB;
  console.log(`  ${kib(load.total).padStart(10)}  total (budget ${BUDGET_KIB} KiB: ${within ? 'within' : 'OVER'})`);
  if (only) process.exit(within ? 0 : 1);

  console.log('\nLocal stack start (test ports)');
  const cold = await stackStart(true);
  const warm = [await stackStart(false), await stackStart(false), await stackStart(false)].sort((a, b) => a - b)[1];
  console.log(`  fresh database  ${(cold / 1000).toFixed(2)} s`);
  console.log(`  warm (median 3) ${(warm / 1000).toFixed(2)} s`);
}

let lighthouseWithin = true;
if (only === null || only === 'lighthouse') {
  const busy = process.argv.includes('--busy') ? busyProcesses() : null;
  console.log(
    `\nLighthouse mobile (${LIGHTHOUSE}, Debian Chromium; production build, prerendered; median of ${LIGHTHOUSE_RUNS} runs${busy ? '; two busy processes beside it' : ''})`,
  );
  const scores = await lighthouseScores(LIGHTHOUSE_RUNS).finally(() => busy?.stop());
  for (const [path, { runs, failures }] of scores) {
    for (const failure of failures) console.log(`  ${path.padEnd(16)} failed ${failure}`);
    if (runs.length === 0) {
      console.log(`  ${path.padEnd(16)} no run completed`);
      lighthouseWithin = false;
      continue;
    }
    const median = medianRun(runs);
    const all = runs.map((run) => run.performance).join(' ');
    const worst = (pick: (run: LighthouseRun) => string) => runs.map(pick).join(' ');
    console.log(
      `  ${path.padEnd(16)} performance ${String(median.performance).padStart(3)} (runs: ${all})   accessibility ${median.accessibility}   ` +
        `FCP ${median.fcp}  LCP ${median.lcp}  TBT ${median.tbt}  CLS ${median.cls}   every run: TBT ${worst((run) => run.tbt)}  CLS ${worst((run) => run.cls)}`,
    );
    if (runs.length < LIGHTHOUSE_RUNS) console.log(`  ${path.padEnd(16)} only ${runs.length} of ${LIGHTHOUSE_RUNS} runs completed`);
    const missed = [
      median.performance < LIGHTHOUSE_GOAL ? `performance ${median.performance} < ${LIGHTHOUSE_GOAL}` : null,
      median.accessibility < LIGHTHOUSE_ACCESSIBILITY_GOAL ? `accessibility ${median.accessibility} < ${LIGHTHOUSE_ACCESSIBILITY_GOAL}` : null,
      runs.some((run) => run.tbtMs > LIGHTHOUSE_TBT_MS) ? `TBT over ${LIGHTHOUSE_TBT_MS} ms in a run` : null,
      runs.some((run) => run.clsScore > LIGHTHOUSE_CLS) ? `CLS over ${LIGHTHOUSE_CLS} in a run` : null,
      runs.length < LIGHTHOUSE_RUNS ? 'not every run completed' : null,
    ].filter((reason): reason is string => reason !== null);
    if (missed.length > 0) {
      console.log(`  ${path.padEnd(16)} MISSED: ${missed.join('; ')}`);
      lighthouseWithin = false;
    }
  }
  console.log(
    `  goal performance ≥ ${LIGHTHOUSE_GOAL} and accessibility ${LIGHTHOUSE_ACCESSIBILITY_GOAL} (median run), TBT ≤ ${LIGHTHOUSE_TBT_MS} ms and CLS ≤ ${LIGHTHOUSE_CLS} (every run): ${lighthouseWithin ? 'met' : 'MISSED'}`,
  );
  if (only === 'lighthouse') process.exit(lighthouseWithin ? 0 : 1);
}

let sharedLinkWithin = true;
if (only === null || only === 'shared-link') {
  console.log(`\nShared search link ${SHARED_LINK} (production build, prerendered; Chromium, ${SHARED_LINK_RUNS} runs after ${SHARED_LINK_WARMUP} warm-up)`);
  const runs = await sharedLinkTiming();
  const resultAt = runs.map((run) => run.resultAt).sort((a, b) => a - b);
  const other = runs.map((run) => run.otherMs).sort((a, b) => a - b);
  const shown = other.filter((value) => value > 0).length;
  console.log(`  navigation to the filtered result       p50 ${ms(percentile(resultAt, 50))}   p95 ${ms(percentile(resultAt, 95))}   max ${ms(resultAt.at(-1)!)}`);
  console.log(`  screen not showing the search before it p50 ${ms(percentile(other, 50))}   p95 ${ms(percentile(other, 95))}   max ${ms(other.at(-1)!)}   in ${shown} of ${runs.length} runs`);
  sharedLinkWithin = shown === 0;
  console.log(`  goal the search on screen from the first paint: ${sharedLinkWithin ? 'met' : 'MISSED'}`);
  if (only === 'shared-link') process.exit(sharedLinkWithin ? 0 : 1);
}

let invoicePdfWithin = true;
if (only === null) {
  console.log(`\n${INVOICE_PDF_TITLE}`);
  invoicePdfWithin = invoicePdfBench();
}

let realtimeWithin = true;
if (only === null || only === 'realtime') {
  console.log('\nRealtime postgres_changes: 100 subscribed clients across 10 organisations (stack in its own process)');
  realtimeWithin = await realtimeBench();
  if (only === 'realtime') process.exit(realtimeWithin ? 0 : 1);
}

console.log(`\nSign-in callback to final redirect (production build, Chromium, ${CALLBACK_RUNS} runs after ${CALLBACK_WARMUP} warm-up)`);
const callback = await callbackTiming();
console.log(`  from landing on /auth/callback   p50 ${ms(percentile(callback.total, 50))}   p95 ${ms(percentile(callback.total, 95))}   max ${ms(callback.total.at(-1)!)}`);
console.log(`  from the callback starting       p50 ${ms(percentile(callback.inApp, 50))}   p95 ${ms(percentile(callback.inApp, 95))}   max ${ms(callback.inApp.at(-1)!)}`);
const callbackWithin = percentile(callback.total, 95) <= CALLBACK_GOAL_P95_MS;
console.log(`  goal p95 ≤ ${CALLBACK_GOAL_P95_MS} ms from landing: ${callbackWithin ? 'met' : 'MISSED'}`);

process.exit(within && callbackWithin && lighthouseWithin && sharedLinkWithin && invoicePdfWithin && realtimeWithin ? 0 : 1);
