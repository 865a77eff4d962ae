import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The app's own screens' texts (/land, the way out of a waiting order, the public pages other than the login's). */
export const screensCatalog = defineCatalog<typeof english>('screens', import.meta.glob('./locales/*.json'))
