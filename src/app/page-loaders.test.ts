import { describe, expect, it } from 'vitest';

import source from './page-loaders.ts?raw';
import { pageLoaders } from './page-loaders';
import { routes } from './routes';

describe('the page loaders', () => {
  it('have exactly one loader for every route of the table, and none for anything else', () => {
    const paths = routes.map((route) => route.path).sort();
    expect(Object.keys(pageLoaders).sort()).toEqual(paths);
    for (const path of paths) expect(typeof pageLoaders[path as keyof typeof pageLoaders], path).toBe('function');
  });

  it('load a different page for each route', () => {
    // Read from the source: the bundler rewrites import() at run time. Two routes sharing a module would be a copy-paste slip.
    const modules = [...source.matchAll(/^ {2}'[^']+': \(\) => import\('([^']+)'\),$/gm)].map((match) => match[1]);
    expect(modules).toHaveLength(routes.length);
    expect(new Set(modules).size).toBe(modules.length);
  });
});
