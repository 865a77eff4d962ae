import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../lib/active-order'
import { saveJwtCookie } from '../../lib/cookies'
import { peekReturnTo } from '../../lib/return-to'
import { updateSessionState } from '../../lib/session-state'
import { bankAccount, grossAnswer, orderDetailAnswer, orderSummary } from '../../test/fixtures'
import { journeyAnswer, owed } from '../../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../test/mock-api'
import { renderApp } from '../../test/render'

const ORDER = orderSummary({ orderReference: 'ABCD234567' })

/** The card screen of the order being paid, with eur's one card provider chosen. */
function renderCardScreen(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  updateSessionState({ selectedPsp: { id: 'sandbox-card', name: 'Sandbox Card' } })
  const api = mockApi({
    getGross: grossAnswer(),
    getUkStatus: ok({ data: { isUk: false } }),
    getOrderDetail: orderDetailAnswer(ORDER),
    orderGetViban: ok({ data: bankAccount() }),
    ...handlers,
  })
  return { api, ...renderApp('/dashboard-startcc') }
}

async function payByCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /by card$/ }))
}

describe('a payment refused for a journey step (decision 080)', () => {
  it('goes to the step’s screen and keeps the payment screen to come back to', async () => {
    const user = userEvent.setup()
    const { router } = renderCardScreen({
      journeyStatus: journeyAnswer([owed('identity')]),
      orderStartCard: fail('step_required', 200, { step: 'identity' }),
    })
    await payByCard(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-authstart'))
    expect(router.state.location.state).toEqual({ stepRequired: 'identity' })
    expect(peekReturnTo()).toBe('/dashboard-startcc')
  })

  it('for the wallet, opens the wallet screen on this order’s wallet', async () => {
    const user = userEvent.setup()
    const { router } = renderCardScreen({
      journeyStatus: journeyAnswer([]),
      orderStartCard: fail('step_required', 200, { step: 'wallet' }),
    })
    await payByCard(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-wallets'))
    expect(router.state.location.search).toBe('?order=ABCD234567')
  })

  it('stays and says so plainly when the identity check was refused for good', async () => {
    const user = userEvent.setup()
    const { router } = renderCardScreen({
      journeyStatus: journeyAnswer([owed('identity', 'rejected')]),
      orderStartCard: fail('step_required', 200, { step: 'identity' }),
    })
    await payByCard(user)
    expect(
      await screen.findByText(
        'You cannot start a new order: we could not accept your identity check. Please contact our support team.',
      ),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-startcc')
  })
})
