import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { takeAfterLogin } from '../../lib/after-login'
import { saveJwtCookie } from '../../lib/cookies'
import { grossAnswer, orderSummary, ratesAnswer } from '../../test/fixtures'
import { journeyAnswer, owed } from '../../test/journey-fixtures'
import { mockApi, ok, type ApiHandlers } from '../../test/mock-api'
import { renderApp } from '../../test/render'

const history = (orders: ReturnType<typeof orderSummary>[]) =>
  ok({ data: { orders, page: 1, pageSize: 10, total: orders.length } })

function signedIn(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  return mockApi({ getUkStatus: ok({ data: { isUk: false } }), walletList: ok({ data: [] }), ...handlers })
}

describe('/land', () => {
  it('is where login leads when no page was kept', () => {
    expect(takeAfterLogin()).toBe('/land')
  })

  it('shows a returning customer their open order with the way to continue it, the next step and the last orders', async () => {
    const open = orderSummary({ orderReference: 'OPEN234567', fiatAmount: '250.00', orderAmount: '250.00' })
    const done = orderSummary({ orderReference: 'DONE234567', statusName: 'completed' })
    signedIn({
      getGross: grossAnswer({ openOrder: [open] }),
      journeyStatus: journeyAnswer([owed('source_of_funds')]),
      getHistory: history([open, done]),
    })
    const { router } = renderApp('/land')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    const order = screen.getByRole('region', { name: 'Your order in progress' })
    expect(within(order).getByText('OPEN234567')).toBeInTheDocument()
    expect(within(order).getByRole('button', { name: 'Continue paying' })).toBeInTheDocument()

    const next = screen.getByRole('region', { name: 'Your next step' })
    expect(within(next).getByText('Source of funds')).toBeInTheDocument()
    expect(within(next).getByRole('link')).toHaveAttribute('href', '/dashboard-sof')

    const last = await screen.findByRole('list', { name: 'Your last orders' })
    expect(within(last).getAllByRole('listitem')).toHaveLength(2)
    expect(within(last).getByRole('link', { name: 'Details of order DONE234567' })).toHaveAttribute(
      'href',
      '/dashboard-history?order=DONE234567',
    )
    expect(screen.getByRole('link', { name: 'See all your orders' })).toHaveAttribute('href', '/dashboard-history')
    expect(router.state.location.pathname).toBe('/land')
  })

  it('shows a customer without an open order their last orders and that nothing waits for them', async () => {
    signedIn({
      getGross: grossAnswer(),
      journeyStatus: journeyAnswer([]),
      getHistory: history([orderSummary({ orderReference: 'DONE234567', statusName: 'completed' })]),
    })
    renderApp('/land')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your order in progress' })).not.toBeInTheDocument()
    expect(screen.getByText(/Nothing is waiting for you/)).toBeInTheDocument()
    expect(await screen.findByText('Order DONE234567')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '/dashboard')
  })

  it('sends a customer with no order at all on to the calculator', async () => {
    signedIn({
      getGross: grossAnswer(),
      journeyStatus: journeyAnswer([]),
      getHistory: history([]),
      getHpRates: ratesAnswer(),
    })
    const { router } = renderApp('/land')
    expect(await screen.findByRole('heading', { level: 2, name: 'Buy crypto' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument()
  })
})
