import { describe, expect, it } from 'vitest'
import { orderSummary } from '../test/fixtures'
import {
  activeOrderFrom,
  endActiveOrder,
  findActiveOrder,
  lookUpActiveOrder,
  startActiveOrder,
  updateActiveOrderStatus,
} from './active-order'
import { getSessionState, updateSessionState, type ActiveOrder } from './session-state'

const order = (orderReference: string, statusName: ActiveOrder['statusName'] = 'initiated'): ActiveOrder =>
  activeOrderFrom(orderSummary({ orderReference, statusName }))

describe('active order lookup (spec section 4)', () => {
  it('is the current active order first', () => {
    expect(
      findActiveOrder({
        active: order('ACTIVE1'),
        lastActive: order('LAST01'),
        openOrders: [orderSummary({ orderReference: 'OPEN01' })],
      })?.orderReference,
    ).toBe('ACTIVE1')
  })

  it('is the one saved as last active when there is no active order', () => {
    expect(
      findActiveOrder({
        active: null,
        lastActive: order('LAST01', 'cancelled'),
        openOrders: [orderSummary({ orderReference: 'OPEN01' })],
      }),
    ).toMatchObject({
      orderReference: 'LAST01',
      statusName: 'cancelled',
    })
  })

  it('is then the first open order with status initiated', () => {
    const openOrders = [
      orderSummary({ orderReference: 'WAITING1', statusName: 'awaiting_payment' }),
      orderSummary({ orderReference: 'OPEN01' }),
      orderSummary({ orderReference: 'OPEN02' }),
    ]
    expect(findActiveOrder({ active: null, lastActive: null, openOrders })?.orderReference).toBe('OPEN01')
  })

  it('is none when nothing is open', () => {
    expect(
      findActiveOrder({
        active: null,
        lastActive: null,
        openOrders: [orderSummary({ statusName: 'awaiting_payment' })],
      }),
    ).toBeNull()
  })

  it('reads the active and last active orders from the session state', () => {
    updateSessionState({ lastActiveOrder: order('LAST01', 'failed') })
    expect(lookUpActiveOrder([])?.orderReference).toBe('LAST01')
    startActiveOrder(order('ACTIVE1'))
    expect(lookUpActiveOrder([])?.orderReference).toBe('ACTIVE1')
  })
})

describe('an order that ends', () => {
  it('stops being the active order and is saved as the last active one with its new status', () => {
    startActiveOrder(order('ACTIVE1'))
    endActiveOrder(order('ACTIVE1'), 'cancelled')
    expect(getSessionState().activeOrder).toBeNull()
    expect(getSessionState().lastActiveOrder).toMatchObject({ orderReference: 'ACTIVE1', statusName: 'cancelled' })
  })

  it('leaves another active order active', () => {
    startActiveOrder(order('ACTIVE1'))
    endActiveOrder(order('OLDER01'), 'cancelled')
    expect(getSessionState().activeOrder?.orderReference).toBe('ACTIVE1')
    expect(getSessionState().lastActiveOrder).toMatchObject({ orderReference: 'OLDER01', statusName: 'cancelled' })
  })
})

describe('a payment step', () => {
  it('keeps the active order’s status as the api answered it, and leaves other orders alone', () => {
    startActiveOrder(order('ACTIVE1'))
    updateActiveOrderStatus('ACTIVE1', 'awaiting_payment')
    expect(getSessionState().activeOrder?.statusName).toBe('awaiting_payment')
    updateActiveOrderStatus('OTHER01', 'completed')
    expect(getSessionState().activeOrder).toMatchObject({ orderReference: 'ACTIVE1', statusName: 'awaiting_payment' })
  })
})
