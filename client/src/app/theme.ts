import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** The colour families the client uses (alerts and toasts take theirs from these too). */
const USED_PALETTES = new Set(['gray', 'blue', 'red', 'green', 'orange']);
const ALL_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];
/** Colour tokens without the families nobody uses: each one is CSS variables in every page and work at start-up. */
const usedColors = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !ALL_PALETTES.includes(name) || USED_PALETTES.has(name))) as T;

/**
 * Semantic tokens with their light value only. The product has no dark mode, and each token's dark
 * twin was a second set of CSS variables built at start-up (a third of the theme's start-up work).
 */
const lightOnly = (tree: unknown): unknown => {
  if (typeof tree !== 'object' || tree === null) return tree;
  if ('_light' in tree) return lightOnly(tree._light);
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, lightOnly(value)]));
};

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Bengali', sans-serif";

/**
 * Chakra's design tokens with only the recipes of the components the product uses: the full
 * default theme carries every component's styles, which a phone on a slow network would download.
 * A component added to the client needs its recipe added here.
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: usedColors(tokens.colors ?? {}),
      // The phone's own typeface: nothing to download before text shows, no reflow when a web font
      // arrives, and Bangla text drawn in the same family the phone uses everywhere else.
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
        mono: tokens?.fonts?.mono ?? { value: 'monospace' },
      },
    },
    semanticTokens: lightOnly({ ...semanticTokens, colors: usedColors(semanticTokens.colors ?? {}) }) as typeof semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

let system: SystemContext | undefined;

/**
 * The style system, built on first use: building it is one of the largest pieces of work at
 * start-up, so the browser entry runs it as a task of its own (main.tsx).
 */
export const themeSystem = (): SystemContext => (system ??= createSystem(defaultBaseConfig, config));
