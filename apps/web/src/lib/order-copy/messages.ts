import { defineCatalog } from '../i18n/catalog'
import type english from './locales/en.json'

/** The order flow's copy that several screens show (the buy calculator, the orders' screens, the wallets' form). */
export const orderCopyCatalog = defineCatalog<typeof english>('orderCopy', import.meta.glob('./locales/*.json'))
