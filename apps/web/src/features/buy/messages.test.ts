import { OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { walletAddressMessage as sharedWalletMessage } from '@exchange/shared/wallets'
import { describe, expect, it } from 'vitest'
import { maximumAmountMessage, minimumAmountMessage, STALE_PRICES_MESSAGE } from '../../lib/order-copy'
import { firstError } from '../../lib/validation'
import { maximumAmountMessage as maximum, minimumAmountMessage as minimum } from './calculator'
import { walletAddressMessage } from './components/buy-order'
import { AMOUNT_RULE_KEYS, buyCatalog } from './messages'

describe('the calculator’s copy of shared English texts', () => {
  it('has each message of the shared amount rule word for word', () => {
    for (const [text, key] of Object.entries(AMOUNT_RULE_KEYS)) expect(buyCatalog.t(key)).toBe(text)
    const schema = OrderInitiateBuyRequest.shape.amount
    expect(AMOUNT_RULE_KEYS[firstError(schema, '')!]).toBe('buy.amount.required')
    expect(AMOUNT_RULE_KEYS[firstError(schema, '1.234')!]).toBe('buy.amount.format')
  })

  it('says the limits, the invalid wallet and the old prices as the other screens do', () => {
    expect(minimum('10', 'eur')).toBe(minimumAmountMessage('10', 'eur'))
    expect(maximum('20000', 'chf')).toBe(maximumAmountMessage('20000', 'chf'))
    expect(walletAddressMessage('btc')).toBe(sharedWalletMessage('btc'))
    expect(buyCatalog.t('buy.stalePrices')).toBe(STALE_PRICES_MESSAGE)
  })
})
