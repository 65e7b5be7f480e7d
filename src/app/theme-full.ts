import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  cardSlotRecipe,
  codeRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  menuSlotRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';

import { accordConfig } from './theme';

/**
 * The full system: the lean one (theme.ts) plus the recipes of everything
 * beyond the shell and the home page. Same tokens, so swapping it in changes
 * no colour or spacing, only adds component styles.
 */
const moreRecipes = defineConfig({
  theme: {
    keyframes,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      code: codeRecipe,
      input: inputRecipe,
      skeleton: skeletonRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/** Built when called rather than on import: chakra-system.ts builds it in a task of its own (see there). */
export function createFullSystem() {
  return createSystem(defaultBaseConfig, accordConfig, moreRecipes);
}
