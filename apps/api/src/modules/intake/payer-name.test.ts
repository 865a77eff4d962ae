import { describe, expect, it } from 'vitest'
import { payerNameHolds, payerNameMatches } from './payer-name'

const ada = { firstName: 'Ada', lastName: 'Lovelace' }

describe('payerNameMatches', () => {
  it.each(['Ada Lovelace', 'LOVELACE ADA', 'Ada King Lovelace', 'Mrs Ada Lovelace', ' ada   lovelace '])(
    'accepts %j',
    (payer) => {
      expect(payerNameMatches(payer, ada)).toBe(true)
    },
  )

  it('ignores accents, apostrophes and dashes', () => {
    expect(payerNameMatches('ZOE OBRIEN-SMITH', { firstName: 'Zoë', lastName: "O'Brien-Smith" })).toBe(true)
  })

  it.each(['Charles Babbage', 'Ada', 'Lovelace Holdings Ltd', 'A. Lovelace', ''])('holds %j', (payer) => {
    expect(payerNameMatches(payer, ada)).toBe(false)
  })

  it('holds every payment of a customer without a name', () => {
    expect(payerNameMatches('Ada Lovelace', { firstName: null, lastName: 'Lovelace' })).toBe(false)
  })
})

describe('payerNameHolds', () => {
  it('passes the customer’s own name when the name has not changed lately', () => {
    expect(payerNameHolds('Ada Lovelace', { ...ada, nameChangedRecently: false })).toEqual([])
  })

  it('holds a payer who matches a name changed within the hold time', () => {
    expect(payerNameHolds('Ada Lovelace', { ...ada, nameChangedRecently: true })).toEqual(['name_recently_changed'])
  })

  it('names both reasons when the payer differs from a freshly changed name', () => {
    expect(payerNameHolds('Charles Babbage', { ...ada, nameChangedRecently: true })).toEqual([
      'payer_differs',
      'name_recently_changed',
    ])
  })
})
