import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The calculator's texts (decision 129): kept lean, the calculator is in the dashboard's first load. */
export const buyCatalog = defineCatalog<typeof english>('buy', import.meta.glob('./locales/*.json'))
export type BuyId = Parameters<typeof buyCatalog.t>[0]

/** The shared order rule's amount messages (OrderInitiateBuyRequest), English word for word, by their key here. */
export const AMOUNT_RULE_KEYS: Readonly<Record<string, BuyId>> = {
  'Amount is required': 'buy.amount.required',
  'Amount must be a number with at most two decimals': 'buy.amount.format',
}

/** A message of the shared amount rule in the customer's language; any other is shown as it is. */
export function amountRuleCopy(message: string): string {
  const key = AMOUNT_RULE_KEYS[message]
  return key ? buyCatalog.t(key) : message
}
