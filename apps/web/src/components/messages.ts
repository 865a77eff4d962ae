import { defineCatalog } from '../lib/i18n/catalog'
import type english from './locales/en.json'

/**
 * The shared components' texts (decision 129): the form parts, the purchase steps, loading and retry, copy buttons,
 * the payout hold notice, the partner refusals. The account screens' own few texts are in the common catalog.
 */
export const uiCatalog = defineCatalog<typeof english>('ui', import.meta.glob('./locales/*.json'))
export type UiId = Parameters<typeof uiCatalog.t>[0]
