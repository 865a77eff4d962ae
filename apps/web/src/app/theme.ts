import { commonCatalog } from '../lib/common-copy'
import type { BrandConfig } from '@exchange/shared/brand.schemas'
import {
  PasswordInput,
  colorsTuple,
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core'
import { colorTupleFrom } from '../lib/color-tuple'

const FONT_STACK =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/** Made when the theme is, in the language in force (decision 129: the screens are made again when it changes). */
const shared = () =>
  ({
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      // The toggle's default name contains "password", so a search for the field by its label finds two elements.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': commonCatalog.t('common.password.show') } },
      }),
      // A notice's close button draws only an ×: without a name a screen reader says "button" (axe, issue 29). Written
      // as plain defaults, so the login page's bundle does not take in the Notification component for it.
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': commonCatalog.t('common.closeNotice') } } },
    },
  }) satisfies MantineThemeOverride

/** A deep navy in place of Mantine's neutral greys, for the dark dashboard. */
const NAVY = colorsTuple([
  '#d5d9e0',
  '#aeb4bf',
  '#8d95a3',
  '#6b7486',
  '#4a5366',
  '#353d4f',
  '#262d3d',
  '#1b2130',
  '#141925',
  '#0d111b',
])

/**
 * Mantine's dimmed and placeholder greys fall below 4.5:1 on white; one step darker passes. Its error red (a field's
 * message) falls below 4.5:1 on white and on the dark dashboard's cards: a darker red on light, a lighter on dark (axe,
 * decision 126).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
})

/**
 * The dashboard: the brand's dashboard scheme (dark) and its primary colour, kept exact at every
 * scheme; dark text goes on it where white would not be legible.
 */
export function dashboardTheme(brand: BrandConfig): MantineThemeOverride {
  return createTheme({
    ...shared(),
    colors: { dashboard: colorTupleFrom(brand.dashboardTheme.primaryColor), dark: NAVY },
    primaryColor: 'dashboard',
    primaryShade: { light: 6, dark: 6 },
    autoContrast: true,
    luminanceThreshold: 0.25,
  })
}
