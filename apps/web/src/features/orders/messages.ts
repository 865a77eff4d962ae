import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The orders' screens' texts: history, an order's details and timeline, the payment steps, receipts, the way out. */
export const ordersCatalog = defineCatalog<typeof english>('orders', import.meta.glob('./locales/*.json'))
