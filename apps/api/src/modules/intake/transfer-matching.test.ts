import { describe, expect, it } from 'vitest'
import { type TransferFacts, decideTransfer } from './transfer-matching'

const base: TransferFacts = {
  order: { status: 'awaiting_payment', fiat: 'eur', fiatAmount: '250.00', arrivedLate: false },
  amount: '250.00',
  currency: 'eur',
  payerNameHolds: [],
  looksLikeCountedTransfer: false,
  minimum: '25.00',
  priceWithinTolerance: true,
}
const order = (changes: Partial<NonNullable<TransferFacts['order']>>) => ({ order: { ...base.order!, ...changes } })

describe('decideTransfer, row by row', () => {
  it.each<[string, Partial<TransferFacts>, ReturnType<typeof decideTransfer>]>([
    ['no order named', { order: null }, { outcome: 'unmatched', why: 'no_order' }],
    ['another currency', { currency: 'chf' }, { outcome: 'unmatched', why: 'other_currency' }],
    [
      'looks like money already counted, even on a completed order',
      { ...order({ status: 'completed' }), looksLikeCountedTransfer: true },
      { outcome: 'held_possible_duplicate' },
    ],
    ['a completed order', order({ status: 'completed' }), { outcome: 'no_open_order' }],
    ['a paid order (the loser of a race)', order({ status: 'paid' }), { outcome: 'no_open_order' }],
    ['a cancelled order', order({ status: 'cancelled' }), { outcome: 'no_open_order' }],
    ['an order already under review', order({ status: 'payment_review' }), { outcome: 'no_open_order' }],
    [
      'another name, full amount',
      { payerNameHolds: ['payer_differs'] },
      { outcome: 'held_name_mismatch', holds: ['payer_differs'], shortfall: null },
    ],
    [
      'another name, short: the shortfall is named',
      { payerNameHolds: ['payer_differs'], amount: '200.00' },
      { outcome: 'held_name_mismatch', holds: ['payer_differs'], shortfall: '50.00' },
    ],
    [
      'another name and late: the name check still comes first',
      { payerNameHolds: ['payer_differs'], ...order({ status: 'expired' }), amount: '50000.00' },
      { outcome: 'held_name_mismatch', holds: ['payer_differs'], shortfall: null },
    ],
    [
      'the customer’s own name, changed within the hold time: held all the same',
      { payerNameHolds: ['name_recently_changed'] },
      { outcome: 'held_name_mismatch', holds: ['name_recently_changed'], shortfall: null },
    ],
    [
      'a name changed lately and a late transfer: the hold still comes first',
      { payerNameHolds: ['name_recently_changed'], ...order({ status: 'expired' }) },
      { outcome: 'held_name_mismatch', holds: ['name_recently_changed'], shortfall: null },
    ],
    [
      'a name changed lately, on a completed order: refunded as for any ended order',
      { payerNameHolds: ['name_recently_changed'], ...order({ status: 'completed' }) },
      { outcome: 'no_open_order' },
    ],
    [
      'late, below the minimum',
      { ...order({ status: 'expired' }), amount: '5.00' },
      { outcome: 'refused_below_minimum' },
    ],
    ['late, price within tolerance', order({ status: 'expired' }), { outcome: 'repriced' }],
    [
      'late (price time passed, not yet expired), within tolerance',
      order({ arrivedLate: true }),
      { outcome: 'repriced' },
    ],
    [
      'late, price moved beyond tolerance',
      { ...order({ status: 'expired' }), priceWithinTolerance: false },
      { outcome: 'late_awaiting_consent' },
    ],
    ['in time, short', { amount: '249.99' }, { outcome: 'underpaid' }],
    ['in time, more', { amount: '260.50' }, { outcome: 'overpaid', excess: '10.50' }],
    ['in time, exact', {}, { outcome: 'matched' }],
    ['an initiated order paid by reference', order({ status: 'initiated' }), { outcome: 'matched' }],
  ])('%s', (_row, changes, expected) => {
    expect(decideTransfer({ ...base, ...changes })).toEqual(expected)
  })
})
