import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/**
 * The UK steps' own words (decision 129): their headings, buttons, notes and errors. The UK regulatory texts
 * (uk-regulation.ts, uk-risk-banner.ts) stay English in every language, under the note `uk-risk.englishNote`.
 */
export const ukRiskCatalog = defineCatalog<typeof english>('uk-risk', import.meta.glob('./locales/*.json'))
