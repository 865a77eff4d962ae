import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/**
 * The agreement screens' own texts (disclaimer, full text, signing, return, the account's card); the agreement's text
 * itself is per language in packages/shared (decision 131).
 */
export const agreementCatalog = defineCatalog<typeof english>('agreement', import.meta.glob('./locales/*.json'))
