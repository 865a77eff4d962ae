import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The partner visit's frame: its loading, the offer of a new tab. */
export const visitCatalog = defineCatalog<typeof english>('visit', import.meta.glob('./locales/*.json'))
