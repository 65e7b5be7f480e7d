import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { API_EXAMPLES, LOCAL_BASE_URL, type ApiExample } from '../../src/features/public/api-guide-examples.ts';

/**
 * /api-guide's examples (src/features/public/api-guide-examples.ts) run for
 * real: each `curl` line, as printed on the page, against the test stack with
 * its address and anon key in place of the local ones, must answer what the
 * page says it answers.
 */
const config = stackConfig('test');
const run = promisify(execFile);

interface CurlResult {
  status: number | null;
  headers: Record<string, string>;
  body: unknown;
}

async function curl(example: ApiExample): Promise<CurlResult> {
  const command = example.curl.replaceAll(LOCAL_BASE_URL, config.apiUrl);
  const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, ANON_KEY: config.keys.anonKey }, timeout: 20_000 });
  if (!stdout.startsWith('HTTP/')) return { status: null, headers: {}, body: JSON.parse(stdout) };
  const split = stdout.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = stdout.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(stdout.slice(split + 4)) };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

/**
 * The documented answer, with two allowances: a timestamp only has to be a
 * UTC timestamp (the demo history is dated relative to when the seed ran), and
 * the example's `variable` fields only have to have the documented type.
 */
function expectDocumented(actual: unknown, documented: unknown, variable: string[], path = 'body'): void {
  if (typeof documented === 'string' && TIMESTAMP.test(documented)) {
    expect(actual, path).toMatch(TIMESTAMP);
  } else if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${path} is a list`).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(documented.length);
    documented.forEach((item, index) => expectDocumented((actual as unknown[])[index], item, variable, `${path}[${index}]`));
  } else if (typeof documented === 'object' && documented !== null) {
    expect(typeof actual === 'object' && actual !== null && !Array.isArray(actual), `${path} is an object`).toBe(true);
    const record = actual as Record<string, unknown>;
    expect(Object.keys(record).sort(), `${path} keys`).toEqual(Object.keys(documented).sort());
    for (const [key, value] of Object.entries(documented)) {
      if (variable.includes(key)) expect(typeof record[key], `${path}.${key}`).toBe(typeof value);
      else expectDocumented(record[key], value, variable, `${path}.${key}`);
    }
  } else {
    expect(actual, path).toEqual(documented);
  }
}

describe('the API guide’s examples', () => {
  it('cover every function of the public registry API', () => {
    const paths = new Set(API_EXAMPLES.map((e) => e.path));
    for (const fn of ['registry_search', 'registry_by_id', 'registry_by_domain', 'registry_status_on', 'registry_verifies', 'registry_figures']) {
      expect(paths).toContain(`/rest/v1/rpc/${fn}`);
    }
  });

  it.each(API_EXAMPLES.map((example) => [example.id, example] as const))('%s answers as the guide says', async (_id, example) => {
    expect(example.curl).toContain(`${LOCAL_BASE_URL}${example.path}`);
    expect(example.curl).toContain('-H "apikey: $ANON_KEY"');
    if (example.method === 'POST') expect(example.curl).toContain('-X POST');
    else expect(example.curl).not.toContain('-X ');

    const result = await curl(example);
    if (result.status !== null) expect(result.status).toBe(example.response.status);
    for (const [name, value] of Object.entries(example.response.headers ?? {})) {
      expect(result.headers[name.toLowerCase()], name).toBe(value);
    }
    expectDocumented(result.body, example.response.body, example.variable ?? []);
  });

  it('a documented example would fail if the answer changed', () => {
    expect(() => expectDocumented([{ status: 'revoked' }], [{ status: 'active' }], [])).toThrow();
    expect(() => expectDocumented({ members: 'eight' }, { members: 8 }, ['members'])).toThrow();
    expect(() => expectDocumented([{ a: 1, extra: true }], [{ a: 1 }], [])).toThrow();
  });
});
