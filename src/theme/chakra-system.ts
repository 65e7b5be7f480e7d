import type { SystemContext } from '@chakra-ui/react';

import { createLeanSystem } from './theme';
import type * as ThemeFull from './theme-full';

/**
 * Which Chakra system the app renders with: the lean one at first, the full one
 * once anything beyond the shell and the home page is about to render (see
 * theme.ts). Loaders of lazy pages and components await `loadFullSystem()` next
 * to their own code, so nothing ever renders without its styles.
 */
let lean: SystemContext | null = null;
let current: SystemContext | null = null;
let full: SystemContext | null = null;
let loading: Promise<typeof ThemeFull> | null = null;
const listeners = new Set<() => void>();

export function currentSystem(): SystemContext {
  current ??= lean ??= createLeanSystem();
  return current;
}

export function onSystemChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Loads and builds the full system, once; resolves with its module (the prerenderer looks its chunk up by it). */
export function loadFullSystem(): Promise<typeof ThemeFull> {
  loading ??= import('./theme-full').then(async (module) => {
    // Building a system is ~25 ms of work (100 ms on a slow phone). In a task
    // of its own, after the one that ran the freshly loaded modules, rather
    // than adding to it: two shorter blocks, between which the page answers input.
    await new Promise((resolve) => setTimeout(resolve, 0));
    full = module.createFullSystem();
    current = full;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

let globalsInPage: SystemContext | null = null;
const withoutGlobals = new WeakMap<SystemContext, SystemContext>();

/**
 * A prerendered page has the global styles of the system it was rendered
 * with in <head> already (scripts/prerender-html.ts). Called when React adopts
 * such a page: while that system is current, ChakraProvider is given it
 * without its global styles, so hydration neither serialises them (~50 KB of
 * CSS) nor touches their tag. A later system (the full one, swapped in on the
 * home page) brings its globals as usual.
 */
export function adoptGlobalStylesInPage(): void {
  globalsInPage = currentSystem();
}

/** What ChakraProvider should be given for `system`: see adoptGlobalStylesInPage. */
export function forProvider(system: SystemContext): SystemContext {
  if (system !== globalsInPage) return system;
  let stripped = withoutGlobals.get(system);
  if (!stripped) {
    // ChakraProvider renders <Global styles={_global}> and <Global styles={layers.atRule}>; empty ones insert nothing.
    // Copied by descriptor, not spread: in the build _global is a getter that
    // would compute the global CSS this is here to avoid (vite.config.ts).
    const descriptors = Object.getOwnPropertyDescriptors(system);
    stripped = Object.defineProperties({} as SystemContext, {
      ...descriptors,
      _global: { value: [], enumerable: true },
      layers: { value: { ...system.layers, atRule: '' }, enumerable: true },
    });
    withoutGlobals.set(system, stripped);
  }
  return stripped;
}

/** A lazy component's loader that also brings the full system: `lazy(withFullSystem(() => import('./x')))`. */
export function withFullSystem<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => {
    const [module] = await Promise.all([load(), loadFullSystem()]);
    return module;
  };
}

/**
 * For the prerenderer (prerender.tsx), which renders many pages in one
 * process: each page with the system the browser will hydrate it with.
 */
export async function selectSystemForPrerender(wantFull: boolean): Promise<void> {
  if (wantFull) await loadFullSystem();
  current = wantFull && full ? full : (lean ??= createLeanSystem());
}
