/**
 * Writes docs/decisions/README.md from the records: `npx tsx scripts/decision-index.ts`.
 * With --check it only says whether the index is current and the records well formed (exit 1 if not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { DECISION_INDEX_COMMAND, DECISION_INDEX_FILE, decisionProblems, loadDecisions, renderDecisionIndex } from './lib/decision-index.ts';
import { REPO_ROOT } from './lib/discover-machines.ts';

const target = path.join(REPO_ROOT, DECISION_INDEX_FILE);
const records = await loadDecisions(REPO_ROOT);
const problems = decisionProblems(records);
for (const problem of problems) console.error(problem);
const text = renderDecisionIndex(records);

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) console.error(`${DECISION_INDEX_FILE} is out of date with the records: run ${DECISION_INDEX_COMMAND}`);
  if (current !== text || problems.length > 0) process.exit(1);
  console.log(`${DECISION_INDEX_FILE} is up to date (${records.length} records).`);
} else {
  await writeFile(target, text);
  console.log(`Wrote ${DECISION_INDEX_FILE}: ${records.length} records${problems.length > 0 ? `, ${problems.length} problems above` : ''}.`);
  if (problems.length > 0) process.exitCode = 1;
}
