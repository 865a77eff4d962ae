import { customerWords, type OrderTrailEntry } from '@exchange/shared/order-trail'
import { securityChangeWords } from '@exchange/shared/payout-hold'
import { describe, expect, it } from 'vitest'
import { switchLanguage } from '../../../lib/i18n/language'
import englishSource from './locales/en.json?raw'
import { reviewReasonWords, trailWords } from './trail-words'

/** The English messages as written (an imported catalog is compiled). */
const english = JSON.parse(englishSource) as Record<string, string>

const money = (amount: string, currency = 'EUR') => ({ amount, currency })
const held = {
  received: money('250'),
  payerName: 'Jane Roe',
  nameChange: null,
  shortfall: null,
}

/** One entry of each kind and each of its wordings, with facts as the api records them. */
const ENTRIES: OrderTrailEntry[] = [
  { kind: 'order_created' },
  { kind: 'wire_chosen' },
  { kind: 'viban_chosen' },
  { kind: 'transfer_reported_sent' },
  { kind: 'payment_started' },
  { kind: 'came_back_failed' },
  { kind: 'cancelled_by_customer' },
  { kind: 'card_checkout_started', again: false },
  { kind: 'card_checkout_started', again: true },
  { kind: 'pay_by_bank_started', bank: 'Sandbox Bank (UK)', again: false },
  { kind: 'pay_by_bank_started', bank: 'Sandbox Bank (UK)', again: true },
  { kind: 'wallet_given', wallet: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  { kind: 'wallet_changed', wallet: '0x52908400098527886E0F7030069857D2E4169EE7', was: '0xabc' },
  { kind: 'refund_asked' },
  { kind: 'late_refund_chosen', received: money('1250.5') },
  { kind: 'late_reprice_chosen', rate: money('93242.29', 'chf'), received: money('200', 'chf') },
  { kind: 'price_expired' },
  { kind: 'transfer_received', received: money('250'), excess: null },
  { kind: 'transfer_received', received: money('260'), excess: money('10') },
  { kind: 'transfer_approved', payerName: 'Jane Roe' },
  { kind: 'hosted_payment_confirmed', method: 'card', received: money('250') },
  { kind: 'hosted_payment_confirmed', method: 'pay_by_bank', received: money('250') },
  { kind: 'hosted_payment_failed', method: 'card', reason: 'Your card was declined.', staysOpen: true },
  { kind: 'hosted_payment_failed', method: 'pay_by_bank', reason: 'The bank said no.', staysOpen: false },
  { kind: 'hosted_payment_unneeded', method: 'card', received: money('250'), orderStatus: 'cancelled' },
  { kind: 'hosted_payment_unneeded', method: 'pay_by_bank', received: money('250'), orderStatus: 'expired' },
  { kind: 'transfer_possible_duplicate', received: money('250'), payerName: 'Jane Roe' },
  { kind: 'transfer_for_ended_order', received: money('250'), orderStatus: 'cancelled' },
  { kind: 'transfer_held', ...held, holds: ['payer_differs'] },
  { kind: 'transfer_held', ...held, holds: ['name_recently_changed'] },
  { kind: 'late_below_minimum', received: money('5'), minimum: money('20') },
  { kind: 'late_transfer_below_minimum', minimum: money('20') },
  { kind: 'late_transfer_waiting', received: money('250') },
  { kind: 'repriced_on_arrival', rate: money('93242.29'), received: money('250') },
  { kind: 'underpaid', received: money('200'), needed: money('250') },
  { kind: 'held_transfer_refunded', reason: 'The payer is not the customer' },
  { kind: 'payout_waits', what: 'verify your identity', link: 'https://example.com' },
  { kind: 'checks_done' },
  { kind: 'payout_held', wallet: 'bc1q', until: '2026-11-24T00:30:00.000Z', reason: 'password_changed' },
  { kind: 'payout_held', wallet: 'bc1q', until: '2026-11-24T00:30:00.000Z', reason: 'something_new' },
  { kind: 'payout_hold_ended' },
  { kind: 'bought', providerOrderId: 'LP-1' },
  { kind: 'delivered', wallet: 'bc1q', txId: 'f00d', foundByOperator: false },
  { kind: 'withdrawal_sent_again' },
  { kind: 'refunded', reason: 'Customer asked', byOperator: true },
]

const CHANGES = [
  'password_changed',
  'password_reset_completed',
  'email_changed',
  'email_change_undone',
  'second_factor_enabled',
  'second_factor_disabled',
  'recovery_code_used',
  'recovery_codes_renewed',
  'passkey_added',
  'passkey_removed',
]

describe("the order trail's words on the timeline", () => {
  it('carry the shared English words word for word: each entry reads in English as the api wrote it', () => {
    for (const entry of ENTRIES) {
      const words = customerWords(entry)
      if (words !== null) expect(trailWords(entry.kind, words), entry.kind).toBe(words)
    }
  })

  it('have an English message for each wording the shared trail has, and none it does not have', () => {
    const used = new Set<string>()
    for (const entry of ENTRIES) {
      const words = customerWords(entry)
      if (words === null) continue
      const ids = Object.entries(english)
        .filter(([id]) => id === `orderTrail.${entry.kind}` || id.startsWith(`orderTrail.${entry.kind}.`))
        .map(([id]) => id)
      expect(ids.length, `${entry.kind} has a message`).toBeGreaterThan(0)
      ids.forEach((id) => used.add(id))
    }
    const own = Object.keys(english).filter(
      (id) => !id.startsWith('orderTrail.change.') && id !== 'orderTrail.heldForCheck',
    )
    expect(own.filter((id) => !used.has(id))).toEqual([])
  })

  it("names each security change with the shared words, and any other change as 'a security setting'", () => {
    for (const type of CHANGES) expect(english[`orderTrail.change.${type}`], type).toBe(securityChangeWords(type))
    expect(english['orderTrail.change.other']).toBe(securityChangeWords('anything_else'))
  })

  it('shows the words in German, with the facts the api gave, and unknown words as they are', async () => {
    await switchLanguage('de')
    expect(
      trailWords('transfer_received', 'We received 260.00 EUR; the 10.00 EUR more than needed goes back to you'),
    ).toBe('Wir haben 260.00 EUR erhalten; die 10.00 EUR, die mehr als nötig waren, gehen an Sie zurück')
    expect(trailWords('wire_chosen', 'You chose to pay by bank transfer')).toBe(
      'Sie haben die Zahlung per Banküberweisung gewählt',
    )
    expect(trailWords('payout_held', customerWords(ENTRIES.find((entry) => entry.kind === 'payout_held')!)!)).toMatch(
      /^Weil Ihr Passwort geändert wurde, .* nach 2026-11-24 00:30 UTC/,
    )
    expect(trailWords('wire_chosen', 'Words of another time')).toBe('Words of another time')
    expect(trailWords(null, 'You chose to pay by bank transfer')).toBe('You chose to pay by bank transfer')
    expect(reviewReasonWords('Your payment is held for a check.')).toBe('Ihre Zahlung wird zur Prüfung zurückgehalten.')
  })
})
