import { enrolVerifiedTotp } from '../tests/support/mfa.ts';
import { measure, withLoadedNetwork, type BackOfficeSizes } from './bench-back-office.ts';

/**
 * `npm run bench -- --database`: the reads of /admin/database (decision 075)
 * at the back-office bench's scale (scripts/bench-back-office.ts: 100,000
 * organisations by default), on a throwaway database beside the test
 * profile's (.data/test[-offset]-database, removed after). Through the gateway
 * and PostgREST as a system administrator at aal2 (a real TOTP factor,
 * verified), p50 and p95 over 40 calls after a warm-up. Goals: each function's
 * p95 ≤ 50 ms, and the whole page (its five reads at once, as the page sends
 * them) ≤ 250 ms.
 */
const FUNCTION_GOAL_P95_MS = 50;
const PAGE_GOAL_P95_MS = 250;
const READS = ['admin_database_health', 'admin_database_queries', 'admin_database_space', 'admin_database_schema', 'admin_database_advisors'] as const;

export async function databaseBench(sizes: BackOfficeSizes): Promise<boolean> {
  return withLoadedNetwork('database', sizes, async ({ admin }) => {
    await enrolVerifiedTotp(admin.client);
    const results = [];
    for (const fn of READS) results.push({ ...(await measure(fn, () => admin.client.rpc(fn))), goal: FUNCTION_GOAL_P95_MS });
    results.push({
      ...(await measure('the whole page (five reads at once)', async () => {
        const answers = await Promise.all(READS.map((fn) => admin.client.rpc(fn)));
        return answers.find((a) => a.error) ?? { error: null, data: null };
      })),
      goal: PAGE_GOAL_P95_MS,
    });
    const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
    for (const r of results) console.log(`  ${r.label.padEnd(40)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   goal ≤ ${r.goal} ms`);
    const within = results.every((r) => r.p95 <= r.goal);
    console.log(`  goals: ${within ? 'met' : 'MISSED'}`);
    return within;
  });
}
