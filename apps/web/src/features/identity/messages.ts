import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The identity check's texts (decision 129): before, during and after the partner's page, and the account's summary. */
export const identityCatalog = defineCatalog<typeof english>('identity', import.meta.glob('./locales/*.json'))
export type IdentityId = Parameters<typeof identityCatalog.t>[0]
