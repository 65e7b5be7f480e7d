/**
 * The load bench's figures (scripts/bench-load.ts), kept pure so they can be
 * tested: percentiles by nearest rank, as every other bench reports them,
 * and the lines each phase prints.
 */

/** The value at rank ⌈p/100 · n⌉ of an ascending list (nearest rank); NaN for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencySummary(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** One sample of pg_stat_activity's client backends: how many, how many running a statement, and by role. */
export interface ConnectionSample {
  total: number;
  active: number;
  byRole: Record<string, number>;
}

export interface ConnectionPeak {
  /** The most client backends at once, with the roles of that moment. */
  peak: number;
  peakByRole: Record<string, number>;
  /** The most of them running a statement at once. */
  peakActive: number;
  samples: number;
}

export function connectionPeak(samples: readonly ConnectionSample[]): ConnectionPeak {
  let top: ConnectionSample = { total: 0, active: 0, byRole: {} };
  let peakActive = 0;
  for (const s of samples) {
    if (s.total > top.total) top = s;
    peakActive = Math.max(peakActive, s.active);
  }
  return { peak: top.total, peakByRole: top.byRole, peakActive, samples: samples.length };
}

export interface PhaseErrors {
  /** Answers outside 2xx (a 5xx counts here too). */
  non2xx: number;
  fiveXx: number;
  /** Requests that got no answer in time. */
  timeouts: number;
  /** Requests that failed without an HTTP answer (connection refused or reset). */
  failed: number;
}

export interface PhaseFigures {
  requests: number;
  seconds: number;
  latency: LatencySummary;
  errors: PhaseErrors;
  connections: ConnectionPeak;
}

export const noErrors = (e: PhaseErrors) => e.non2xx + e.timeouts + e.failed === 0;

const ms = (n: number) => (Number.isNaN(n) ? '    – ms' : `${n.toFixed(n < 10 ? 1 : 0).padStart(5)} ms`);

/** The phase's lines, indented under its title: throughput, latency, errors and connections. */
export function phaseLines(f: PhaseFigures): string[] {
  const rate = f.seconds > 0 ? f.requests / f.seconds : 0;
  const roles = Object.entries(f.connections.peakByRole)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([role, n]) => `${role} ${n}`)
    .join(', ');
  return [
    `    throughput  ${rate.toFixed(1)} req/s (${f.requests} requests in ${f.seconds.toFixed(1)} s)`,
    `    latency     p50 ${ms(f.latency.p50)}   p95 ${ms(f.latency.p95)}   p99 ${ms(f.latency.p99)}   max ${ms(f.latency.max)}`,
    `    errors      non-2xx ${f.errors.non2xx} (5xx ${f.errors.fiveXx}), timeouts ${f.errors.timeouts}, failed ${f.errors.failed}`,
    `    Postgres    peak ${f.connections.peak} connections${roles ? ` (${roles})` : ''}, peak ${f.connections.peakActive} running a statement (${f.connections.samples} samples)`,
  ];
}

export const goalLine = (goal: string, met: boolean) => `    goal ${goal}: ${met ? 'ok' : 'MISSED'}`;
