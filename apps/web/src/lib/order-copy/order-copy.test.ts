import { describe, expect, it } from 'vitest'
import { switchLanguage } from '../i18n/language'
import {
  amountLabels,
  maximumAmountMessage,
  minimumAmountMessage,
  orderAlertCopy,
  STALE_PRICES_MESSAGE,
  stalePricesMessage,
} from '../order-copy'

describe("the order flow's copy", () => {
  it('reads in English as the spec writes it', () => {
    expect(stalePricesMessage()).toBe(STALE_PRICES_MESSAGE)
    expect(minimumAmountMessage('20', 'eur')).toBe('Minimum amount is 20.00 EUR')
    expect(maximumAmountMessage('10000', 'chf')).toBe('Maximum amount is 10,000.00 CHF')
    expect(orderAlertCopy({ error: 'rates_unavailable' })).toBe(STALE_PRICES_MESSAGE)
    expect(orderAlertCopy({ error: 'order_not_found' })).toBe('We could not find this order.')
    expect(amountLabels('completed')).toEqual({ fiat: 'You paid', crypto: 'You received' })
  })

  it("reads in the customer's language", async () => {
    await switchLanguage('fr')
    expect(orderAlertCopy({ error: 'price_expired' })).toBe(
      'Le prix de cette commande a expiré. Veuillez commencer une nouvelle commande.',
    )
    expect(amountLabels('awaiting_payment')).toEqual({ fiat: 'Vous payez', crypto: 'Vous recevez' })
    expect(minimumAmountMessage('20', 'eur')).toBe('Le montant minimum est de 20,00 EUR')
  })
})
