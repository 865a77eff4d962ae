import { ORDER_STATUSES } from '@exchange/shared/order-rules'
import { describe, expect, it } from 'vitest'
import { methodLabel, statusLabel } from './order-display'

describe('order display', () => {
  it('gives every status a label a customer reads', () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual([
      'Started',
      'Awaiting payment',
      'Payment under review',
      'Paid',
      'Waiting for your checks',
      'Processing',
      'Completed',
      'Failed',
      'Cancelled',
      'Expired',
      'Refunded',
    ])
  })

  it('names the method by the option offered, a transfer to the virtual IBAN, or the id kept', () => {
    const known = [
      { id: 'sandbox-card', name: 'Card (sandbox)' },
      { id: 'sandbox-bank-uk', name: 'Sandbox Bank UK', tlId: 'sandbox-uk-1' },
    ]
    expect(methodLabel('sandbox-card', known)).toBe('Card (sandbox)')
    expect(methodLabel('sandbox-uk-1', known)).toBe('Sandbox Bank UK')
    expect(methodLabel('CH9809999700000000001', known)).toBe('Transfer to your IBAN CH98 0999 9700 0000 0000 1')
    expect(methodLabel('sandbox-card-b', known)).toBe('sandbox-card-b')
    expect(methodLabel(null, known)).toBe('—')
  })
})
