import { defineCatalog } from '../i18n/catalog'
import type english from './locales/en.json'

/** The passkeys' and the second factor's refusals, in words: loaded with the screens that use them (decision 129). */
export const passkeysCatalog = defineCatalog<typeof english>('passkeys', import.meta.glob('./locales/*.json'))
