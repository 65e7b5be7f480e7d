/**
 * `npm run test:paths`: every path the model-based tests generate from each
 * machine in machines/, in plain words for QA, with the states and transitions
 * they cover. A machine with a model in tests/model/<name>.model.ts is printed
 * with that model's events and words (the same paths its test drives through
 * the UI); one without gets its events sent without data, which guards may
 * refuse, and the coverage numbers show what that leaves out.
 */
import { loadMachines, loadModel } from './lib/discover-machines.ts';
import { buildModel, type CoverageReport } from '../tests/support/model.ts';
import { stateValueText } from '../tests/support/statechart.ts';

const machines = await loadMachines();
const totals = { machines: 0, paths: 0, states: [0, 0], transitions: [0, 0] };
const problems: string[] = [];

console.log('Paths generated from the state machines (XState graph tools).');
console.log('Each path starts where the flow starts; “—what happens→ state (what the person sees)” is one step.');

for (const entry of machines) {
  const heading = `${entry.machine.id} — ${entry.file}`;
  console.log(`\n${heading}\n${'═'.repeat(heading.length)}`);
  const model = await loadModel(entry);
  console.log(
    model
      ? `Model: ${model.file}`
      : `No model in tests/model/ yet: every event is sent once without data, invoked actors answer with nothing or a plain error.`,
  );

  let report: CoverageReport;
  try {
    const built = buildModel(model?.definition ?? { machine: entry.machine });
    report = built.coverage();
    for (const path of built.paths) {
      console.log(`\nPath ${path.number} of ${built.paths.length}, ends in ${stateValueText(path.state.value)}:`);
      for (const line of path.lines) console.log(`   ${line}`);
    }
  } catch (error) {
    // Without a model, events carry no data and there is no input: many machines cannot even start.
    const message = error instanceof Error ? error.message : String(error);
    console.log(`\nCannot generate paths${model ? '' : ' without a model'}: ${message}`);
    problems.push(`${entry.machine.id}: ${message.split('\n')[0]}`);
    continue;
  }

  console.log(`\n${report.summary}`);
  totals.machines += 1;
  totals.paths += report.paths;
  totals.states[0]! += report.states.covered.length;
  totals.states[1]! += report.states.total;
  totals.transitions[0]! += report.transitions.covered.length;
  totals.transitions[1]! += report.transitions.total;
  if (!report.complete) problems.push(`${entry.machine.id}: coverage incomplete`);
}

console.log(
  `\nIn all: ${totals.paths} paths over ${totals.machines} of ${machines.length} machines, ` +
    `${totals.states[0]} of ${totals.states[1]} states and ${totals.transitions[0]} of ${totals.transitions[1]} transitions.`,
);
if (problems.length > 0) console.log(`Needs attention:\n  ${problems.join('\n  ')}`);
