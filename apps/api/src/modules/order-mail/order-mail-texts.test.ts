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
