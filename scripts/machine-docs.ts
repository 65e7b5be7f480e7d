/**
 * Writes docs/machines.md from the machines: `npx tsx scripts/machine-docs.ts`.
 * With --check it only says whether the file is current (exit 1 if not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { loadMachines, REPO_ROOT } from './lib/discover-machines.ts';
import { MACHINE_DOCS_COMMAND, MACHINE_DOCS_FILE, renderMachineDocs } from './lib/machine-diagram.ts';

const target = path.join(REPO_ROOT, MACHINE_DOCS_FILE);
const machines = await loadMachines();
const text = renderMachineDocs(machines);

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(`${MACHINE_DOCS_FILE} is out of date with machines/: run ${MACHINE_DOCS_COMMAND}`);
    process.exit(1);
  }
  console.log(`${MACHINE_DOCS_FILE} is up to date (${machines.length} machine${machines.length === 1 ? '' : 's'}).`);
} else {
  await writeFile(target, text);
  console.log(`Wrote ${MACHINE_DOCS_FILE}: ${machines.map((entry) => entry.machine.id).join(', ')}.`);
}
