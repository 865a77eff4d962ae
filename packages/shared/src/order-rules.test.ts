import { describe, expect, it } from 'vitest'
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  endsActiveOrder,
  isCustomerTransitionAllowed,
  isTransitionAllowed,
  routeForMethod,
} from './order-rules'

describe('order transitions', () => {
  it('lets an order move only along the table', () => {
    expect(isTransitionAllowed('initiated', 'awaiting_payment')).toBe(true)
    expect(isTransitionAllowed('awaiting_payment', 'paid')).toBe(true)
    expect(isTransitionAllowed('paid', 'processing')).toBe(true)
    expect(isTransitionAllowed('processing', 'completed')).toBe(true)
    expect(isTransitionAllowed('initiated', 'completed')).toBe(false)
    expect(isTransitionAllowed('completed', 'refunded')).toBe(false)
    expect(isTransitionAllowed('cancelled', 'initiated')).toBe(false)
  })

  it('has an entry for every status, and final statuses lead nowhere', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort())
    for (const final of ['completed', 'cancelled', 'refunded'] as const) expect(ORDER_TRANSITIONS[final]).toEqual([])
  })

  it('lets a customer start, cancel or report a failed payment, and nothing else', () => {
    expect(isCustomerTransitionAllowed('initiated', 'initiated')).toBe(true)
    expect(isCustomerTransitionAllowed('initiated', 'awaiting_payment')).toBe(true)
    expect(isCustomerTransitionAllowed('initiated', 'cancelled')).toBe(true)
    expect(isCustomerTransitionAllowed('awaiting_payment', 'failed')).toBe(true)
    expect(isCustomerTransitionAllowed('awaiting_payment', 'paid')).toBe(false)
    expect(isCustomerTransitionAllowed('initiated', 'expired')).toBe(false)
    expect(isCustomerTransitionAllowed('paid', 'cancelled')).toBe(false)
    expect(isCustomerTransitionAllowed('cancelled', 'initiated')).toBe(false)
    expect(isCustomerTransitionAllowed('completed', 'refunded')).toBe(false)
  })

  it('ends the active order on failed and cancelled only', () => {
    expect(ORDER_STATUSES.filter(endsActiveOrder)).toEqual(['failed', 'cancelled'])
  })
})

describe('routing after the method is chosen (spec section 4)', () => {
  const named = { firstName: 'Ada', lastName: 'Lovelace' }
  const unnamed = { firstName: 'Ada', lastName: '' }

  it('one card provider with names goes to the virtual IBAN, selected', () => {
    expect(routeForMethod('psps', ['sandbox-card'], named)).toEqual({
      kind: 'go',
      suffix: '-viban',
      selectedOptionId: 'sandbox-card',
    })
  })

  it('one card provider without a first or last name goes to confirm details', () => {
    expect(routeForMethod('psps', ['sandbox-card'], unnamed)).toEqual({
      kind: 'go',
      suffix: '-confirmdetails',
      selectedOptionId: 'sandbox-card',
    })
    expect(routeForMethod('alts', ['sandbox-alt'], { firstName: null, lastName: 'X' })).toMatchObject({
      suffix: '-confirmdetails',
    })
  })

  it('several card providers go to choosecc', () => {
    expect(routeForMethod('psps', ['a', 'b'], named)).toEqual({
      kind: 'go',
      suffix: '-choosecc',
      selectedOptionId: null,
    })
    expect(routeForMethod('alts', ['a', 'b'], unnamed)).toMatchObject({ suffix: '-choosecc' })
  })

  it('one bank goes to wire, selected; several go to choosebank', () => {
    expect(routeForMethod('banks', ['tl-1'], unnamed)).toEqual({
      kind: 'go',
      suffix: '-wire',
      selectedOptionId: 'tl-1',
    })
    expect(routeForMethod('banks', ['tl-1', 'tl-2'], named)).toEqual({
      kind: 'go',
      suffix: '-choosebank',
      selectedOptionId: null,
    })
  })

  it('no option means the method cannot be used', () => {
    expect(routeForMethod('banks', [], named)).toEqual({ kind: 'unavailable' })
  })
})
