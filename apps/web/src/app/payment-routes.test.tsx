import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RETURN_POLLING } from '../features/orders/components/payment-return-screen'
import { activeOrderFrom, startActiveOrder } from '../lib/active-order'
import { saveJwtCookie } from '../lib/cookies'
import {
  bankAccount,
  grossAnswer,
  methodsAnswer,
  orderDetailAnswer,
  orderSummary,
  paymentStatusAnswer,
  transferInstructions,
} from '../test/fixtures'
import { mockApi, ok, type ApiHandlers } from '../test/mock-api'
import { renderApp as renderAppAt } from '../test/render'

const ORDER = orderSummary({ orderReference: 'ABCD234567' })

function renderApp(url: string, handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({ getGross: grossAnswer(), getUkStatus: ok({ data: { isUk: false } }), ...handlers })
  const { router } = renderAppAt(url)
  return { api, router }
}

describe('payment routes', () => {
  it('the return page asks every second for half a minute at most', () => {
    expect(RETURN_POLLING).toEqual({ intervalMs: 1000, giveUpMs: 30_000 })
  })

  it('a failed card payment returns through /dashboard-returncc to /dashboard-sorry, which says why', async () => {
    const failed = { ...ORDER, statusName: 'failed' as const }
    const { router } = renderApp('/dashboard-returncc?session_id=cs_test_1', {
      orderPaymentStatus: paymentStatusAnswer({
        paymentStatus: 'failed',
        orderStatus: 'failed',
        failureReason: 'Your card was declined by your bank.',
      }),
      getOrderDetail: orderDetailAnswer(failed),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-sorry')
    expect(await screen.findByText('Your card was declined by your bank.')).toBeInTheDocument()
  })

  it('a successful payment returns to /dashboard-thankyou with the order', async () => {
    const { router } = renderApp('/dashboard-returncc?session_id=cs_test_1', {
      orderPaymentStatus: paymentStatusAnswer({ paymentStatus: 'succeeded', orderStatus: 'completed' }),
      getOrderDetail: orderDetailAnswer({ ...ORDER, statusName: 'completed' }, [
        {},
        {
          fromStatus: 'processing',
          toStatus: 'completed',
          kind: 'delivered',
          words: 'Sent to the wallet, transaction T1',
        },
      ]),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-thankyou')
    expect(await screen.findByText('Sent to the wallet, transaction T1')).toBeInTheDocument()
  })

  for (const [path, heading] of [
    ['/dashboard-choosecc', 'Choose your card provider'],
    ['/dashboard-startcc', 'Card payment'],
    ['/dashboard-viban', 'Your virtual IBAN'],
    ['/dashboard-vibanDetails', 'Pay to your virtual IBAN'],
    ['/dashboard-choosebank', 'Choose your bank'],
    ['/dashboard-banks', 'Choose your bank'],
    ['/dashboard-wire', 'Pay by bank transfer'],
  ] as const) {
    it(`${path} shows its screen with the active order`, async () => {
      renderApp(path, {
        getOrderDetail: orderDetailAnswer(ORDER),
        orderBuyGetMethods: methodsAnswer({}),
        orderGetViban: ok({ data: bankAccount() }),
        orderSubmitViban: ok({ data: transferInstructions() }),
      })
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
      expect(await screen.findByText('ABCD234567')).toBeInTheDocument()
    })
  }
})
