/**
 * Finds the machines in machines/*.machine.ts and the test models written for
 * them in tests/model/<name>.model.ts, for the scripts that document and
 * print them. A new machine file shows up without registering it anywhere.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ModelDefinition } from '../../tests/support/model.ts';
import { findMachineExport, type MachineEntry } from '../../tests/support/statechart.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

async function importFile(relative: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(path.join(REPO_ROOT, relative)).href)) as Record<string, unknown>;
}

export async function loadMachines(): Promise<MachineEntry[]> {
  const names = (await readdir(path.join(REPO_ROOT, 'machines'))).filter((name) => name.endsWith('.machine.ts')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = `machines/${name}`;
      return { file, ...findMachineExport(await importFile(file), file) };
    }),
  );
}

/** The test model of a machine, if tests/model has one; it is the export whose `machine` is this machine. */
export async function loadModel(entry: MachineEntry): Promise<{ file: string; definition: ModelDefinition } | undefined> {
  const file = `tests/model/${path.basename(entry.file, '.machine.ts')}.model.ts`;
  if (!existsSync(path.join(REPO_ROOT, file))) return undefined;
  const definition = Object.values(await importFile(file)).find(
    (value): value is ModelDefinition =>
      typeof value === 'object' && value !== null && (value as { machine?: unknown }).machine === entry.machine,
  );
  if (!definition) throw new Error(`${file} exports no model whose machine is ${entry.exportName}.`);
  return { file, definition };
}
