import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '@exchange/shared/order-rules'
import { partnerReturnUrl, returnStatusOf, signPartnerReturn, verifyPartnerReturn } from './partner-return'

describe('the status a partner is told on the way back', () => {
  it('maps every order status, and the way an unpaid order is paid', () => {
    const told = Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, returnStatusOf({ status, methodGroup: 'psps' })]),
    )
    expect(told).toEqual({
      initiated: 'left',
      awaiting_payment: 'left',
      payment_review: 'pending',
      paid: 'pending',
      awaiting_checks: 'pending',
      processing: 'pending',
      completed: 'completed',
      failed: 'failed',
      cancelled: 'cancelled',
      expired: 'failed',
      refunded: 'failed',
    })
    expect(returnStatusOf(undefined)).toBe('left')
    expect(returnStatusOf({ status: 'awaiting_payment', methodGroup: 'banks' })).toBe('left')
    expect(returnStatusOf({ status: 'awaiting_payment', methodGroup: null })).toBe('left')
    expect(returnStatusOf({ status: 'awaiting_payment', methodGroup: 'wire' })).toBe('pending')
    expect(returnStatusOf({ status: 'awaiting_payment', methodGroup: 'viban' })).toBe('pending')
    expect(returnStatusOf({ status: 'initiated', methodGroup: 'wire' })).toBe('left')
  })
})

/** The published test vector of docs/partner-return.md, read from the document. */
function publishedVector() {
  const doc = readFileSync(new URL('../../../../../docs/partner-return.md', import.meta.url), 'utf8')
  const block = /## Test vector\s+```\n([\s\S]*?)```/.exec(doc)?.[1] ?? ''
  const line = (name: string) => new RegExp(`^${name}\\s+(\\S+)$`, 'm').exec(block)?.[1] ?? ''
  return {
    secret: line('secret'),
    returnAddress: line('return address'),
    values: {
      reference: line('mp_reference'),
      partnerOrderId: line('mp_partner_order_id'),
      status: line('mp_status') as 'completed',
      timestamp: Number(line('mp_timestamp')),
    },
    signature: line('mp_signature'),
    address: line('address'),
  }
}

describe('the signed way back', () => {
  const vector = publishedVector()
  const at = new Date(vector.values.timestamp * 1000)

  it('signs as the published test vector says', () => {
    expect(vector.secret).toMatch(/^whsec_/)
    expect(signPartnerReturn(vector.secret, 'acme.example', vector.values)).toBe(vector.signature)
    expect(partnerReturnUrl(vector.returnAddress, [vector.secret], vector.values)).toBe(vector.address)
    expect(verifyPartnerReturn(vector.address, [vector.secret], at, 300)).toEqual(vector.values)
  })

  it('does not verify on another host, with a changed value, another secret, or too late', () => {
    const moved = new URL(vector.address)
    moved.host = 'acme.example.evil.test'
    expect(verifyPartnerReturn(moved.toString(), [vector.secret], at, 300)).toBeUndefined()
    const changed = new URL(vector.address)
    changed.searchParams.set('mp_status', 'failed')
    expect(verifyPartnerReturn(changed.toString(), [vector.secret], at, 300)).toBeUndefined()
    const other = 'whsec_' + Buffer.alloc(32, 3).toString('base64')
    expect(verifyPartnerReturn(vector.address, [other], at, 300)).toBeUndefined()
    expect(verifyPartnerReturn(vector.address, [vector.secret], new Date(at.getTime() + 301_000), 300)).toBeUndefined()
    expect(verifyPartnerReturn('not an address', [vector.secret], at, 300)).toBeUndefined()
  })

  it('signs under every live secret: either one verifies during a rotation', () => {
    const next = 'whsec_' + Buffer.alloc(32, 5).toString('base64')
    const address = partnerReturnUrl(vector.returnAddress, [next, vector.secret], vector.values)
    expect(new URL(address).searchParams.get('mp_signature')?.split(' ')).toHaveLength(2)
    expect(verifyPartnerReturn(address, [vector.secret], at, 300)).toEqual(vector.values)
    expect(verifyPartnerReturn(address, [next], at, 300)).toEqual(vector.values)
  })
})
