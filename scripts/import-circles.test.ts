import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { findImportCircles } from './lib/import-circles.ts';

const ROOT = path.join(import.meta.dirname, '..');
/** Every folder of hand-written TypeScript. */
const FOLDERS = ['src', 'machines', 'tests', 'scripts', 'supabase/local', 'supabase/functions'];

describe('import circles', () => {
  it('no module reaches itself again through its imports, type-only and dynamic ones included', () => {
    const circles = findImportCircles(ROOT, FOLDERS);
    // A circle decides evaluation order by accident (decision 029); a type-only one still ties two files'
    // designs together. Move what both need into a third file (docs/architecture.md, "Layers and arrows").
    expect(circles.map((circle) => circle.join(' ⇄ '))).toEqual([]);
  }, 60_000);

  describe('the checker', () => {
    const fixture = mkdtempSync(path.join(tmpdir(), 'accord-import-circles-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), text);
    };

    write('src/keys.ts', "import type { Query } from './list';\nexport const keys = (q: Query) => [q];\n");
    write('src/list.ts', "import { keys } from './keys';\nexport interface Query { page: number }\nexport const k = keys;\n");
    write('src/pages/index.ts', "export const load = () => import('../loaders.tsx');\n");
    write('src/loaders.tsx', "export type Loaded = import('./pages').Loaded;\n");
    write('src/self.ts', "export * from './self';\n");
    write('src/text.ts', "import raw from './reader?raw';\nexport { raw };\n");
    write('src/reader.ts', "import { raw } from './text';\nexport const size = raw.length;\nimport 'react';\n");

    it('finds circles through type-only imports, dynamic import(), import() types, re-exports and folders’ index files', () => {
      expect(findImportCircles(fixture, ['src', 'absent'])).toEqual([
        ['src/keys.ts', 'src/list.ts'],
        ['src/loaders.tsx', 'src/pages/index.ts'],
        ['src/self.ts'],
      ]);
    });
  });
});
