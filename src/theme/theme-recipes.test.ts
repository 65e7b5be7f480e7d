import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';

import { createFullSystem } from './theme-full';

// Every source file of the app, as text (tests aside).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Components whose recipe has another name than the component. Everything
 * else uses the recipe named after it: `NativeSelect` → `nativeSelect`.
 */
const RECIPE_OF: Record<string, string> = {
  CloseButton: 'button',
  IconButton: 'button',
  SkeletonCircle: 'skeleton',
  SkeletonText: 'skeleton',
  Toaster: 'toast',
};

const chakraRecipes = new Set(Object.keys(defaultConfig.theme?.recipes ?? {}));
const chakraSlotRecipes = new Set(Object.keys(defaultConfig.theme?.slotRecipes ?? {}));

const IMPORT = /import\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g;

/** The Chakra components a source file imports that are styled by a recipe, with the recipe's key. */
export function styledComponentsIn(text: string): { component: string; recipe: string }[] {
  const found: { component: string; recipe: string }[] = [];
  for (const [, names] of text.matchAll(IMPORT)) {
    for (const raw of names!.split(',')) {
      const spec = raw.trim();
      if (spec === '' || spec.startsWith('type ')) continue;
      const component = spec.split(/\s+as\s+/)[0]!.trim();
      const recipe = RECIPE_OF[component] ?? component.charAt(0).toLowerCase() + component.slice(1);
      if (chakraRecipes.has(recipe) || chakraSlotRecipes.has(recipe)) found.push({ component, recipe });
    }
  }
  return found;
}

describe('the full system’s recipes', () => {
  it('finds the components the app uses', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(styledComponentsIn("import { Alert, Box, type BoxProps, Table as T } from '@chakra-ui/react';")).toEqual([
      { component: 'Alert', recipe: 'alert' },
      { component: 'Table', recipe: 'table' },
    ]);
  });

  // Without its recipe a Chakra component renders unstyled, and nothing else
  // notices: add the recipe to theme-full.ts (or theme.ts for the shell).
  it('include the recipe of every Chakra component the app imports', () => {
    const system = createFullSystem();
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const { component, recipe } of styledComponentsIn(text)) {
        const present = chakraSlotRecipes.has(recipe) ? system.isSlotRecipe(recipe) : system.isRecipe(recipe);
        if (!present) missing.add(`${component} (recipe "${recipe}") in ${file.replace(/^\.\.\//, 'src/')}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
