import { defineCatalog } from '../../../lib/i18n/catalog'
import type english from './locales/en.json'

/**
 * The customer's words of an order's trail entries (shared `order-trail`, decision 109), keyed by the entry's kind and,
 * where the shared wording has several, its variant: the api sends them in English, the timeline shows them in the
 * customer's language (decision 129).
 */
export const orderTrailCatalog = defineCatalog<typeof english>('orderTrail', import.meta.glob('./locales/*.json'))
