import { describe, expect, it } from 'vitest'
import { methodStep } from './method-step'

const card = { id: 'card-1', name: 'Card' }
const named = { firstName: 'Ada', lastName: 'Lovelace' }

describe('methodStep', () => {
  it('puts the flow suffix after the base path it is given', () => {
    expect(methodStep('/dashboard', 'psps', [card], named)).toEqual({ path: '/dashboard-viban', selected: card })
    expect(methodStep('/mp', 'psps', [card], named)).toEqual({ path: '/mp-viban', selected: card })
  })

  it('selects nothing when the customer must choose among several options', () => {
    expect(methodStep('/dashboard', 'alts', [card, { id: 'card-2', name: 'Other' }], named)).toEqual({
      path: '/dashboard-choosecc',
      selected: null,
    })
  })

  it('has no step for a group without options', () => {
    expect(methodStep('/dashboard', 'banks', [], named)).toBeUndefined()
  })
})
