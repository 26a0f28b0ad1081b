import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  colorSwatchRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  marqueeSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * The console's design system: Chakra's tokens and styles with the recipes of the components the
 * console uses (not all of Chakra's: the rest only weigh down the first load), a violet brand
 * palette and CJK fonts. A component missing here renders unstyled: add its recipe when a screen
 * starts to use it. The date picker brings its own recipe (components/DateTimeInput).
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // A visitor who asks for less motion gets none: dialogs, drawers and toasts appear at once.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0s !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      colorSwatch: colorSwatchRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      marquee: marqueeSlotRecipe,
      menu: menuSlotRecipe,
      popover: popoverSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/** Each selector inside each of the places a phone's finger presses: the page, and its dialogs. */
const inPage = (selectors: string[], places = ['main', '[role=dialog]']) =>
  places.flatMap((place) => selectors.map((selector) => `${place} ${selector}`)).join(', ');
/** Buttons (of the page, its dialogs and its header), the page's fields and the dashboard's figures. */
const TAP_TARGETS = [
  inPage(['button']),
  'main select',
  'main input:not([type=checkbox]):not([type=radio]):not([type=file])',
  'main a[data-figure]',
  'header button',
].join(', ');
/** Links that are words (in a table's row, a card, the breadcrumb): 44 px high, as wide as their words. */
const TEXT_LINKS = 'main a[href]:not([data-figure]), header a[href]';
/** A radio, a check box or a switch is pressed on its whole row: its label. */
const CHOICES = inPage([
  '[data-scope=radio-group][data-part=item]',
  '[data-scope=checkbox][data-part=root]',
  '[data-scope=switch][data-part=root]',
]);

const brand = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg', minHeight: '100%' },
    // A phone's tap targets are 44 × 44 px or more (buttons, selects, boxes, links, the items of
    // radio groups, check boxes and switches); a link in a line of text grows to 44 px without
    // leaving the line. 991.98 px is LIMITS.mobileBreakpoint, as useIsMobile reads it. Important,
    // since a component's own size (a recipe's minW, in a later layer) would win over this base rule.
    [TAP_TARGETS]: { '@media (max-width: 991.98px)': { minHeight: '44px', minWidth: '44px !important' } },
    [TEXT_LINKS]: {
      '@media (max-width: 991.98px)': {
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '44px',
        minWidth: '44px',
      },
    },
    [CHOICES]: { '@media (max-width: 991.98px)': { minHeight: '44px', minWidth: '44px' } },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: FONT_STACK },
        heading: { value: FONT_STACK },
      },
      colors: {
        brand: {
          50: { value: '#f3f0ff' },
          100: { value: '#e6e0ff' },
          200: { value: '#cdc2ff' },
          300: { value: '#ab99ff' },
          400: { value: '#8a6dff' },
          500: { value: '#6d4aff' },
          600: { value: '#5a35eb' },
          700: { value: '#4a29c4' },
          800: { value: '#3c249c' },
          900: { value: '#2f1f78' },
          950: { value: '#1c1249' },
        },
        side: {
          bg: { value: '#1d1b33' },
          hover: { value: '#2a2748' },
          active: { value: '#6d4aff' },
          text: { value: '#b9b6d3' },
        },
      },
    },
    semanticTokens: {
      colors: {
        'bg.canvas': { value: '#f4f5fa' },
        // Grey text readable at 4.5:1 or more on white and on the canvas (WCAG AA); Chakra's is 2.56:1.
        fg: { subtle: { value: '#696972' }, muted: { value: '{colors.gray.600}' } },
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.600}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.400}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, config, brand);
