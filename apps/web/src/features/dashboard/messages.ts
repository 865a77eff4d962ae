import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The dashboard's own words (decision 129): the greeting. */
export const dashboardCatalog = defineCatalog<typeof english>('dashboard', import.meta.glob('./locales/*.json'))
