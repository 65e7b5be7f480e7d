import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  breakpoints,
  buttonRecipe,
  containerRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  linkRecipe,
  semanticTokens,
  skipNavLinkRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// Our own systems instead of `defaultSystem`, so the styles of ~80 unused
// components never reach the bundle. Two of them:
// - the lean system here: what the shell (nav bar, footer, 404, spinners) and
//   the home page render. It is in every visitor's first load, so it stays small.
// - the full system (theme-full.ts): the lean one plus every other recipe the
//   app uses. It loads with any other page and with the shell's lazy parts
//   (chakra-system.ts swaps it in before they render).
// Add a recipe to theme-full.ts when a new Chakra component is used, or it
// renders unstyled (theme-recipes.test.ts fails until it is there); here only
// if the shell or the home page needs it.

/**
 * Chakra's colour palettes the app never names (it uses brand, gray, red,
 * orange, green, blue and purple). They are left out: each is ~30 tokens and
 * CSS variables that every system builds and every page's <head> carries,
 * together a third of the time a system takes to build in the browser.
 * theme.test.ts fails if code names one; take it off this list first.
 */
export const UNUSED_PALETTES: readonly string[] = ['yellow', 'teal', 'cyan', 'pink'];

function withoutUnusedPalettes<Colors extends object>(colors: Colors): Colors {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as Colors;
}

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const accordConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(:root, :host)',
  globalCss: {
    ...globalCss,
    html: {
      ...globalCss.html,
      colorPalette: 'brand',
      fontFamily: 'body',
    },
    body: { bg: 'bg.canvas', color: 'fg' },
  },
  theme: {
    breakpoints,
    // Only what the lean recipes use: the spinner's spin and the button's
    // disabled look. The full system adds all of Chakra's.
    keyframes: { spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } } },
    layerStyles: { disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } } },
    textStyles,
    tokens: {
      ...tokens,
      fonts: {
        heading: { value: systemFonts },
        body: { value: systemFonts },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
      },
      colors: {
        ...withoutUnusedPalettes(tokens.colors),
        // Deep teal: calm and trustworthy, and dark enough at 700+ for white text (AA, > 7:1).
        brand: {
          50: { value: '#eef9f8' },
          100: { value: '#d5f0ed' },
          200: { value: '#ade1dc' },
          300: { value: '#7ccac3' },
          400: { value: '#4aaca5' },
          500: { value: '#2f8f8a' },
          600: { value: '#237370' },
          700: { value: '#1f5d5b' },
          800: { value: '#1c4b4a' },
          900: { value: '#193f3e' },
          950: { value: '#0b2524' },
        },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...withoutUnusedPalettes(semanticTokens.colors),
        bg: { ...semanticTokens.colors.bg, canvas: { value: '{colors.white}' } },
        // Chakra's red.500 is 3.8:1 on white, too faint for the small error text under
        // form fields (WCAG AA asks 4.5:1); red.700 is 6.5:1.
        fg: { ...semanticTokens.colors.fg, error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
  },
});

/**
 * Built on first use rather than on import: a page that needs the full system
 * (every page but the home page) then never pays for building this one too.
 */
export function createLeanSystem() {
  return createSystem(defaultBaseConfig, accordConfig);
}
