import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, orderSummary, paymentStatusAnswer } from '../../../test/fixtures'
import { fail, mockApi, type MockAnswer } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import type { PaymentStatusPolling } from '../api/get-payment-status'
import { PaymentReturnScreen } from './payment-return-screen'

const ORDER = orderSummary({ orderReference: 'ABCD234567', statusName: 'awaiting_payment' })
const FAST: PaymentStatusPolling = { intervalMs: 20, giveUpMs: 5_000 }

/** The api's answers in turn; the last one repeats. */
function answersInTurn(...answers: MockAnswer[]) {
  let call = 0
  return () => answers[Math.min(call++, answers.length - 1)]!
}

function renderReturn(
  status: MockAnswer | (() => MockAnswer),
  { url = '/dashboard-returncc?session_id=cs_test_1', polling = FAST } = {},
) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({ orderPaymentStatus: status })
  const view = renderScreen(<PaymentReturnScreen polling={polling} />, {
    path: '/dashboard-returncc',
    url,
    customer: grossData(),
  })
  return { api, ...view }
}

describe('PaymentReturnScreen', () => {
  it('says it is checking the payment while the provider has not confirmed it', async () => {
    const { api } = renderReturn(paymentStatusAnswer())
    expect(await screen.findByRole('heading', { name: 'Checking your payment' })).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('orderPaymentStatus').length).toBeGreaterThan(1))
    expect(screen.getByRole('heading', { name: 'Checking your payment' })).toBeInTheDocument()
  })

  it('asks again while the payment is pending, then goes to the thank-you screen once it succeeded', async () => {
    const { api, router } = renderReturn(
      answersInTurn(
        paymentStatusAnswer(),
        paymentStatusAnswer(),
        paymentStatusAnswer({ paymentStatus: 'succeeded', orderStatus: 'completed' }),
      ),
    )
    await screen.findByText('Page /dashboard-thankyou')
    expect(router.state.location.pathname).toBe('/dashboard-thankyou')
    expect(api.callsTo('orderPaymentStatus')).toHaveLength(3)
    expect(api.callsTo('orderPaymentStatus')[0]?.body).toEqual({ sessionId: 'cs_test_1', brandName: 'Helvex' })
    expect(getSessionState().lastPayment).toEqual({
      orderReference: 'ABCD234567',
      outcome: 'succeeded',
      failureReason: null,
    })
    expect(getSessionState().activeOrder?.statusName).toBe('completed')
  })

  it('goes to the sorry screen with the reason when the payment failed, and the order stops being the active one', async () => {
    const declined = 'Your card was declined by your bank.'
    const { router } = renderReturn(
      answersInTurn(
        paymentStatusAnswer(),
        paymentStatusAnswer({ paymentStatus: 'failed', orderStatus: 'failed', failureReason: declined }),
      ),
    )
    await screen.findByText('Page /dashboard-sorry')
    expect(router.state.location.pathname).toBe('/dashboard-sorry')
    expect(getSessionState().lastPayment).toEqual({
      orderReference: 'ABCD234567',
      outcome: 'failed',
      failureReason: declined,
    })
    expect(getSessionState().activeOrder).toBeNull()
    expect(getSessionState().lastActiveOrder).toMatchObject({ orderReference: 'ABCD234567', statusName: 'failed' })
  })

  it('goes to the sorry screen when the payment arrived after the order ended: the money goes back, nothing was bought', async () => {
    const late =
      'The price of this order ran out before your payment arrived. We are sending 250.00 EUR back to your card.'
    const { router } = renderReturn(
      paymentStatusAnswer({ paymentStatus: 'succeeded', orderStatus: 'expired', failureReason: late }),
    )
    await screen.findByText('Page /dashboard-sorry')
    expect(router.state.location.pathname).toBe('/dashboard-sorry')
    expect(getSessionState().lastPayment).toEqual({
      orderReference: 'ABCD234567',
      outcome: 'refunded',
      failureReason: late,
    })
    expect(getSessionState().activeOrder?.statusName).toBe('expired')
  })

  it('stops waiting after the time limit and points to History', async () => {
    const { api } = renderReturn(paymentStatusAnswer(), { polling: { intervalMs: 20, giveUpMs: 150 } })
    expect(await screen.findByText('Still waiting for your payment')).toBeInTheDocument()
    expect(screen.getByText(/You can check the status of order ABCD234567 in History/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to History' })).toHaveAttribute('href', '/dashboard-history')
    const asked = api.callsTo('orderPaymentStatus').length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(api.callsTo('orderPaymentStatus')).toHaveLength(asked)
  })

  it('waits on while the bank still asks the customer to confirm', async () => {
    renderReturn(paymentStatusAnswer({ paymentStatus: 'requires_action' }))
    expect(
      await screen.findByText('Your bank still asks you to confirm this payment. We are waiting for its answer.'),
    ).toBeInTheDocument()
  })

  it('trusts nothing without a session id in the address', () => {
    const { api } = renderReturn(paymentStatusAnswer(), { url: '/dashboard-returncc' })
    expect(screen.getByText('We could not tell which payment you came back from.')).toBeInTheDocument()
    expect(api.callsTo('orderPaymentStatus')).toHaveLength(0)
  })

  it('says so when the payment is not the customer’s or does not exist', async () => {
    renderReturn(fail('order_not_found'))
    expect(await screen.findByText('We could not find this payment.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to History' })).toBeInTheDocument()
  })
})
