/**
 * The how-to guide's registry requests as data. The page prints each `curl`
 * command with the address the app itself is configured with (so a member
 * copies a command that reaches the same network), and
 * tests/db/how-to-examples.test.ts runs every command with the test stack's
 * address and anon key and checks the documented answer, so the guide cannot
 * drift from what the API says.
 */
export interface HowToExample {
  id: string;
  /** What the request asks, in words, shown above the command. */
  caption: string;
  /** The shell command; `$ANON_KEY` is the network's public anon key. */
  curl: string;
  /** The answer as the guide prints it. Timestamps are examples of their form. */
  answer: unknown;
}

const VOYAGES_LUMIERE = '5eed0000-0000-4000-8000-000000000105';
const GRACHTENBANK = '5eed0000-0000-4000-8000-000000000103';

/** The UTC calendar day `days` before `now`, YYYY-MM-DD. */
function dayBefore(now: number, days: number): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The demo history is dated relative to today (supabase/seed.sql); so are these. */
const stamp = (daysBack: number, now: number) => `${dayBefore(now, daysBack)}T09:30:00.000000+00:00`;

/** The day the past-date example asks about: inside Voyages Lumière's suspension. */
export function suspendedDay(now = Date.now()): string {
  return dayBefore(now, 100);
}

/** Every example, with `apiUrl` (the app's configured backend address) in the commands. */
export function howToExamples(apiUrl: string, now = Date.now()): Record<'byName' | 'byDomain' | 'onDate' | 'history', HowToExample> {
  const base = apiUrl.replace(/\/+$/, '');
  const day = suspendedDay(now);
  return {
    byName: {
      id: 'example-by-name',
      caption: 'Is Grachtenbank a member, and is it active?',
      curl: `curl -s "${base}/rest/v1/rpc/registry_search?p_query=grachtenbank&select=id,name,country,status" \\
  -H "apikey: $ANON_KEY"`,
      answer: [{ id: GRACHTENBANK, name: 'Grachtenbank', country: 'NL', status: 'active' }],
    },
    byDomain: {
      id: 'example-by-domain',
      caption: 'Who runs the site a verification link came from?',
      curl: `curl -s "${base}/rest/v1/rpc/registry_by_domain?p_domain=https://verify.grachtenbank.example/start&select=name,domain,status" \\
  -H "apikey: $ANON_KEY"`,
      answer: [{ name: 'Grachtenbank', domain: 'grachtenbank.example', status: 'active' }],
    },
    onDate: {
      id: 'example-on-date',
      caption: `Was Voyages Lumière an active member on ${day}?`,
      curl: `curl -s "${base}/rest/v1/rpc/registry_status_on?p_organization_id=${VOYAGES_LUMIERE}&p_date=${day}" \\
  -H "apikey: $ANON_KEY"`,
      answer: [
        {
          organization_id: VOYAGES_LUMIERE,
          name: 'Voyages Lumière',
          on_date: day,
          active: false,
          status: 'suspended',
          effective_from: stamp(120, now),
        },
      ],
    },
    history: {
      id: 'example-history',
      caption: 'Every change of Voyages Lumière’s status, oldest first.',
      curl: `curl -s "${base}/rest/v1/rpc/registry_by_id?p_id=${VOYAGES_LUMIERE}&select=name,status,status_history" \\
  -H "apikey: $ANON_KEY"`,
      answer: [
        {
          name: 'Voyages Lumière',
          status: 'active',
          status_history: [
            { status: 'active', effective_from: stamp(186, now) },
            { status: 'suspended', effective_from: stamp(120, now) },
            { status: 'active', effective_from: stamp(75, now) },
          ],
        },
      ],
    },
  };
}
