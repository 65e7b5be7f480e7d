import { expect } from 'vitest';

import type { MachineModel, ModelPath } from './model.ts';

/**
 * The closing check of a model-based test file: every generated path passed,
 * and together they reached every state and took every transition the model
 * counts, with no exclusion that turned out reachable. Prints the summary so a
 * run shows the coverage.
 */
export function expectFullCoverage(model: MachineModel, passed: ModelPath[]): void {
  const report = model.coverage(passed);
  console.info(report.summary);
  expect(passed, 'paths that did not pass').toHaveLength(model.paths.length);
  expect(report.states.missed, 'states no passing path reached').toEqual([]);
  expect(report.transitions.missed, 'transitions no passing path took').toEqual([]);
  expect(report.staleExclusions, 'exclusions that turned out reachable').toEqual([]);
}
