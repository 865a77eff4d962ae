import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The account screens' texts: sign-up, login and its second step, the codes, the password reset, the partner visit. */
export const authCatalog = defineCatalog<typeof english>('auth', import.meta.glob('./locales/*.json'))
