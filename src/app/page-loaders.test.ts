import { describe, expect, it } from 'vitest';

import areaSource from './area-page-loaders.ts?raw';
import { areaPageLoaders } from './area-page-loaders';
import publicSource from './page-loaders.ts?raw';
import { pageLoaders } from './page-loaders';
import { ACCOUNT_SETTINGS_PATHS, routes } from '../routes/routes';

describe('the page loaders', () => {
  it('have exactly one loader for every route of the table, and none for anything else', () => {
    const paths = routes.map((route) => route.path).sort();
    expect(Object.keys(pageLoaders).sort()).toEqual(paths);
    for (const path of paths) expect(typeof pageLoaders[path as keyof typeof pageLoaders], path).toBe('function');
  });

  it('load a different page for each route, except the one account settings page every area shares (decision 042)', () => {
    // Read from the source: the bundler rewrites import() at run time. Two routes sharing a module would be a copy-paste slip.
    const entries = [publicSource, areaSource].flatMap((source) =>
      [...source.matchAll(/^ {2}'([^']+)': \(\) => import\('([^']+)'\),$/gm)].map((match) => [match[1]!, match[2]!] as const),
    );
    expect(entries).toHaveLength(routes.length);
    const shared = entries.filter(([, module]) => module === '../features/account/settings-page').map(([path]) => path);
    expect(shared.sort()).toEqual(Object.values(ACCOUNT_SETTINGS_PATHS).sort());
    const others = entries.filter(([, module]) => module !== '../features/account/settings-page').map(([, module]) => module);
    expect(new Set(others).size).toBe(others.length);
  });

  it('send every signed-in area page through the areas’ own table, and no public page', () => {
    const areaPaths = Object.keys(areaPageLoaders).sort();
    const delegated = [...publicSource.matchAll(/^ {2}'([^']+)': areaPage\('([^']+)'\),$/gm)].map((match) => {
      expect(match[2], 'the path it delegates is its own').toBe(match[1]);
      return match[1]!;
    });
    expect(delegated.sort()).toEqual(areaPaths);
    // Every page behind an area's guard; /application-pending is the applicant's, outside the areas.
    const behindAreaGuard = (kind: string) => ['member', 'admin', 'stakeholder'].includes(kind) || kind.startsWith('investor:');
    for (const route of routes) {
      expect(areaPaths.includes(route.path), route.path).toBe(behindAreaGuard(route.kind) && route.path !== '/application-pending');
    }
  });
});
