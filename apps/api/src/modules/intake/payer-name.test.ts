import { describe, expect, it } from 'vitest'
import { payerNameHolds, payerNameMatches, samePayerName } from './payer-name'

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

describe('samePayerName', () => {
  it('reads two spellings of one payer as the same, by the rule the customer check uses', () => {
    expect(samePayerName("O'Brien, Zoë", 'ZOE OBRIEN')).toBe(true)
    expect(samePayerName('Lovelace Ada', 'ada lovelace')).toBe(true)
  })

  it('tells different payers apart, and an empty name matches nobody', () => {
    expect(samePayerName('Ada Lovelace', 'Ada King')).toBe(false)
    expect(samePayerName('Ada Lovelace', 'Ada Lovelace Byron')).toBe(false)
    expect(samePayerName('', '')).toBe(false)
    expect(samePayerName('---', '...')).toBe(false)
  })
})
