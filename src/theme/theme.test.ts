import { describe, expect, it } from 'vitest';

import { createLeanSystem, UNUSED_PALETTES } from './theme';
import { createFullSystem } from './theme-full';

// Every source file of the app, as text (tests and this list's own file aside).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./theme.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the systems’ colour palettes', () => {
  it('leave out the palettes no code names, and keep the ones it does', () => {
    for (const system of [createLeanSystem(), createFullSystem()]) {
      for (const palette of UNUSED_PALETTES) expect(system.token(`colors.${palette}.500`, 'none')).toBe('none');
      for (const palette of ['brand', 'gray', 'red', 'orange', 'green', 'blue', 'purple']) {
        expect(system.token(`colors.${palette}.500`, 'none')).not.toBe('none');
      }
    }
  });

  it('are all the app needs: no source file names a palette that was left out', () => {
    const named = new RegExp(`['"\`](${UNUSED_PALETTES.join('|')})(\\.[\\w.]+)?['"\`]`);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources)
      .filter(([, text]) => named.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
