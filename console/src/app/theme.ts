import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** The console's design system: Chakra's defaults plus a violet brand palette and CJK fonts. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg', minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        body: {
          value:
            "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
        },
        heading: {
          value:
            "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
        },
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

export const system = createSystem(defaultConfig, config);
