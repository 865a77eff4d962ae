import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The wallets screen's texts (decision 129): the saved wallets, proving a wallet, the signing help. */
export const walletsCatalog = defineCatalog<typeof english>('wallets', import.meta.glob('./locales/*.json'))
export type WalletsId = Parameters<typeof walletsCatalog.t>[0]
