import { describe, expect, it } from 'vitest'
import { mailWords } from '../mail/mail-i18n'
import type { OrderMailEvent } from './order-mail-events'
import { ORDER_MAIL_TEXTS } from './order-mail-texts'

const waits = (step: string, wallet?: string): Extract<OrderMailEvent, { kind: 'payout_waits_for_checks' }> => ({
  kind: 'payout_waits_for_checks',
  coins: '0.01 BTC',
  what: 'confirm your identity',
  link: 'https://x.example/dashboard-authstart',
  step,
  ...(wallet && { wallet }),
})

describe('order mail texts in the customer’s language (decision 131)', () => {
  it('say the step a payout waits for in English as the journey words it', () => {
    const update = ORDER_MAIL_TEXTS.payout_waits_for_checks(waits('identity'), mailWords('en'))
    expect(update.lead).toBe(
      'Your payment is in and held safely for 0.01 BTC. The law asks us to confirm your identity before we send crypto. Once that is done we buy and send your coins straight away: https://x.example/dashboard-authstart',
    )
  })

  it.each([
    ['de', 'identity', undefined, 'dass wir Ihre Identität bestätigen, bevor wir'],
    ['fr', 'wallet', 'bc1qexample', 'nous assurer que le wallet bc1qexample vous appartient'],
    ['it', 'uk_cooling_off', undefined, 'completare i passi che le norme britanniche'],
  ] as const)('in %s, step %s reads “…%s…”', (language, step, wallet, expected) => {
    expect(ORDER_MAIL_TEXTS.payout_waits_for_checks(waits(step, wallet), mailWords(language)).lead).toContain(expected)
  })

  it('formats the amounts of a payment for the locale from the decimal string', () => {
    const received = { amount: '12345.6', currency: 'chf' }
    const de = ORDER_MAIL_TEXTS.payment_received(
      { kind: 'payment_received', received, how: 'transfer' },
      mailWords('de'),
    )
    const fr = ORDER_MAIL_TEXTS.payment_received(
      { kind: 'payment_received', received, how: 'transfer' },
      mailWords('fr'),
    )
    const en = ORDER_MAIL_TEXTS.payment_received(
      { kind: 'payment_received', received, how: 'transfer' },
      mailWords('en'),
    )
    expect(en.lead).toBe('We received your payment of 12,345.60 CHF. We are buying your coins now.')
    expect(de.lead).toMatch(/^Wir haben Ihre Zahlung von 12[’']345\.60 CHF erhalten\./)
    expect(fr.rows).toEqual([['Reçu', expect.stringMatching(/^12[\u202f\u00a0 ]345,60 CHF$/)]])
  })
})

describe('what a card payment’s caller words in English, said in the customer’s language', () => {
  const returned = (language: 'en' | 'it', orderStatus: 'expired' | 'cancelled') =>
    ORDER_MAIL_TEXTS.hosted_payment_returned(
      {
        kind: 'hosted_payment_returned',
        received: { amount: '100', currency: 'eur' },
        why:
          orderStatus === 'expired'
            ? 'The price of this order ran out before your payment arrived.'
            : 'This order was cancelled before your payment arrived.',
        back: 'to your card',
        facts: { method: 'card', orderStatus, paidAnotherWay: false },
      },
      mailWords(language),
    ).lead

  it('keeps the English words the caller gave', () => {
    expect(returned('en', 'expired')).toBe(
      'The price of this order ran out before your payment arrived. Nothing was bought; we are sending 100.00 EUR back to your card.',
    )
    expect(returned('en', 'cancelled')).toBe(
      'This order was cancelled before your payment arrived. Nothing was bought; we are sending 100.00 EUR back to your card.',
    )
  })

  it('says the same facts in Italian', () => {
    expect(returned('it', 'cancelled')).toBe(
      'Questo ordine era già annullato prima dell’arrivo del Suo pagamento. Non è stato acquistato nulla; restituiamo 100.00 EUR sulla Sua carta.',
    )
  })

  it('names the way of paying that failed', () => {
    const failed = ORDER_MAIL_TEXTS.hosted_payment_failed(
      {
        kind: 'hosted_payment_failed',
        amount: { amount: '100', currency: 'eur' },
        method: 'Card payment',
        methodKind: 'card',
        reason: 'The card was declined.',
        openUntil: null,
      },
      mailWords('fr'),
    )
    expect(failed.headline).toBe('Échec du paiement par carte')
  })
})

describe('the coins sent, in the customer’s locale', () => {
  const completed = (language: 'en' | 'fr') =>
    ORDER_MAIL_TEXTS.order_completed(
      {
        kind: 'order_completed',
        coins: '1,234.5 XRP',
        crypto: { amount: '1234.5', coin: 'xrp' },
        wallet: 'rExample',
        txId: 'tx-1',
        simulated: false,
      },
      mailWords(language),
    )

  it('as English writes them, and as fr-CH does', () => {
    expect(completed('en').lead).toBe('We sent 1,234.500000 XRP to your wallet.')
    expect(completed('fr').lead).toMatch(/^Nous avons envoyé 1[\u202f\u00a0 ]234,500000 XRP vers votre wallet\.$/)
  })
})
