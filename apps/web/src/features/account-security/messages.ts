import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/**
 * The account page's security settings and two-factor sign-in's screens (otp0 … otp5), with the language setting
 * (decision 129). The passkeys' and second factor's refusals are the passkeys catalog's.
 */
export const accountSecurityCatalog = defineCatalog<typeof english>(
  'account-security',
  import.meta.glob('./locales/*.json'),
)
