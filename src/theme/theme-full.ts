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
  progressSlotRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';

import { accordConfig } from './theme';

/**
 * The full system: the lean one (theme.ts) plus the recipes of everything
 * beyond the shell and the home page. Same tokens, so swapping it in changes
 * no colour or spacing, only adds component styles.
 */
/**
 * Chakra's coloured toasts put white text on the 600 shade with the
 * description at 80 % opacity: about 3:1 on green and orange, under WCAG's
 * 4.5:1 for text this size (axe caught it). One shade darker and full opacity
 * reach 5:1 or more on all three.
 */
const readableToasts = {
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      '&[data-type=warning]': { ...toastSlotRecipe.base?.root?.['&[data-type=warning]'], bg: 'orange.700' },
      '&[data-type=success]': { ...toastSlotRecipe.base?.root?.['&[data-type=success]'], bg: 'green.700' },
      '&[data-type=error]': { ...toastSlotRecipe.base?.root?.['&[data-type=error]'], bg: 'red.700' },
    },
    description: { ...toastSlotRecipe.base?.description, opacity: 1 },
  },
};

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
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      progress: progressSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: readableToasts,
    },
  },
});

/** Built when called rather than on import: chakra-system.ts builds it in a task of its own (see there). */
export function createFullSystem() {
  return createSystem(defaultBaseConfig, accordConfig, moreRecipes);
}
