import { afterEach, expect } from 'vitest';

import { takePolicyViolations } from './browser.ts';

// Every browser test also checks that nothing it opened broke the app's
// Content-Security-Policy: a blocked script or style is a page that works
// differently for visitors than the test thinks (decision 027).
afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations reported by the pages this test opened').toEqual([]);
});
