import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { chakraLazyGlobalCss } from '../vite.config.ts';

const chakraRoot = dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json'));
const systemFile = join(chakraRoot, 'dist/esm/styled-system/system.js');

function transform(code: string, id: string): { code: string } | null {
  const hook = chakraLazyGlobalCss().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id);
}

describe('accord:chakra-lazy-global-css', () => {
  it("turns the installed Chakra's eager global CSS into a getter that builds it once, on first read", () => {
    const result = transform(readFileSync(systemFile, 'utf8'), systemFile);
    expect(result?.code).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(result?.code).toContain('get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];');
  });

  it('fails the build when Chakra no longer has the shape it rewrites', () => {
    const changed = readFileSync(systemFile, 'utf8').replace('getTokenCss()];', 'getTokenCss(), getMoreCss()];');
    expect(() => transform(changed, systemFile)).toThrow(/no longer builds _global/);
  });

  it('leaves every other module alone', () => {
    expect(transform('const _global = 1;', join(chakraRoot, 'dist/esm/styled-system/css.js'))).toBeNull();
  });
});
