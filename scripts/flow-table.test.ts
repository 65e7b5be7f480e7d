import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from './lib/discover-machines.ts';

/** The rows of the table under "## Flows" in docs/architecture.md, as their cells. */
async function flowRows(): Promise<string[][]> {
  const text = await readFile(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Flows\n')) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Flow ') && !line.startsWith('| ---'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

const pathsIn = (cell: string) => [...cell.matchAll(/`([^`]+\/[^`]+)`/g)].map((match) => match[1]!);

describe('the flow table in docs/architecture.md', () => {
  it('lists every machine in machines/', async () => {
    const onDisk = (await readdir(path.join(REPO_ROOT, 'machines'))).filter((file) => file.endsWith('.machine.ts')).map((file) => `machines/${file}`);
    const listed = (await flowRows()).flatMap(([, machine]) => pathsIn(machine ?? ''));
    expect(listed.sort()).toEqual(onDisk.sort());
  });

  it('names only files that exist, and a hook each row names is in its file', async () => {
    const rows = await flowRows();
    expect(rows.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const row of rows) {
      for (const file of row.slice(1).flatMap(pathsIn)) if (!existsSync(path.join(REPO_ROOT, file))) missing.push(file);
      const hook = /^`(use\w+)` in `([^`]+)`$/.exec(row[3] ?? '');
      expect(hook, `the facade hook cell of ${row[0]}`).not.toBeNull();
      const source = await readFile(path.join(REPO_ROOT, hook![2]!), 'utf8').catch(() => '');
      if (!new RegExp(`export function ${hook![1]}\\b`).test(source)) missing.push(`${hook![1]} in ${hook![2]}`);
    }
    expect(missing).toEqual([]);
  });
});
