import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The end of a session's words (decision 129): /logout. */
export const sessionCatalog = defineCatalog<typeof english>('session', import.meta.glob('./locales/*.json'))
