import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { howToExamples } from '../../src/features/member/how-to-examples.ts';

/**
 * /dashboard/how-to prints registry requests built from the app's configured
 * address. Here the same commands are built from the test stack's address and
 * run through a shell, exactly as printed, with the test stack's anon key in
 * $ANON_KEY; each must answer what the guide says it answers.
 */
const config = stackConfig('test');
const exec = promisify(execFile);
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

/** The printed answer with each timestamp replaced by "a UTC timestamp", to compare with toEqual. */
function withStampsAsForms(value: unknown): unknown {
  if (typeof value === 'string' && STAMP.test(value)) return expect.stringMatching(STAMP);
  if (Array.isArray(value)) return value.map(withStampsAsForms);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStampsAsForms(v)]));
  return value;
}

async function runCommand(command: string): Promise<unknown> {
  const { stdout } = await exec('sh', ['-c', command], { env: { ...process.env, ANON_KEY: config.keys.anonKey }, timeout: 20_000 });
  return JSON.parse(stdout);
}

describe('the how-to guide’s registry requests', () => {
  const examples = Object.values(howToExamples(config.apiUrl));

  it.each(examples.map((example) => [example.id, example] as const))('%s answers as the guide prints it', async (_id, example) => {
    expect(example.curl.startsWith(`curl -s "${config.apiUrl}/rest/v1/rpc/`)).toBe(true);
    expect(example.curl).toContain('-H "apikey: $ANON_KEY"');
    await expect(runCommand(example.curl)).resolves.toEqual(withStampsAsForms(example.answer));
  });

  it('prints the address the app is configured with, without a doubled slash', () => {
    const { byName } = howToExamples('https://accord.example.net/');
    expect(byName.curl).toContain('"https://accord.example.net/rest/v1/rpc/registry_search?');
  });

  it('would notice a changed answer', async () => {
    const { byName } = howToExamples(config.apiUrl);
    const actual = await runCommand(byName.curl);
    expect(actual).not.toEqual(withStampsAsForms([{ ...(byName.answer as object[])[0], status: 'suspended' }]));
  });
});
