import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The end of a partner's visit, in words (decision 129): the way back to the partner. */
export const partnerCatalog = defineCatalog<typeof english>('partner', import.meta.glob('./locales/*.json'))
