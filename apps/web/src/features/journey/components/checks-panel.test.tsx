import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { peekReturnTo } from '../../../lib/return-to'
import { grossData, orderSummary } from '../../../test/fixtures'
import { journeyAnswer, owed } from '../../../test/journey-fixtures'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ChecksPanel } from './checks-panel'
import { ChecksScreen } from './checks-screen'

function renderPanel(steps: Parameters<typeof journeyAnswer>[0], path = '/dashboard', customer = grossData()) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ journeyStatus: journeyAnswer(steps) })
  return { api, ...renderScreen(<ChecksPanel />, { path, customer }) }
}

const PAID = orderSummary({
  orderReference: 'WAIT234567',
  statusName: 'awaiting_checks',
  fiatAmount: '250.00',
  cryptoAmount: '0.00270935',
})
/** A customer whose paid order WAIT234567 waits for them to prove its wallet. */
const waitingForWallet = () =>
  grossData({
    waitingOrders: [{ order: PAID, waitsFor: { step: 'wallet', screen: '/dashboard-wallets?order=WAIT234567' } }],
  })

const step = (name: string) => screen.getByRole('listitem', { name })

describe('ChecksPanel', () => {
  it('lists each owed step in plain words, what holds up buying first, each with its state and a button to its screen', async () => {
    renderPanel([owed('source_of_funds'), owed('details'), owed('identity')])
    const panel = await screen.findByRole('region', { name: 'Your checks' })

    const beforeBuying = within(panel).getByRole('list', { name: 'Before you can buy' })
    expect(within(beforeBuying).getAllByRole('listitem')).toHaveLength(1)
    expect(within(step('Source of funds')).getByText('Required')).toBeInTheDocument()
    expect(
      within(step('Source of funds')).getByText(
        'Tell us where your money comes from and confirm that it is yours. Needed before you can buy.',
      ),
    ).toBeInTheDocument()
    expect(within(step('Source of funds')).getByRole('link', { name: /Answer the questions/ })).toHaveAttribute(
      'href',
      '/dashboard-sof',
    )

    // Details and identity are settled before any payment (decision 080): nothing is charged that cannot be delivered.
    const beforePaying = within(panel).getByRole('list', { name: 'Before you pay' })
    expect(within(beforePaying).getAllByRole('listitem')).toHaveLength(2)
    expect(within(step('Identity check')).getByText(/Needed before you pay\./)).toBeInTheDocument()
    expect(within(panel).queryByRole('list', { name: 'Before we send your coins' })).not.toBeInTheDocument()
    expect(within(step('Identity check')).getByRole('link', { name: /Verify your identity/ })).toHaveAttribute(
      'href',
      '/dashboard-authstart',
    )
  })

  it('puts a step that holds up only the payout under "Before we send your coins"', async () => {
    renderPanel([{ ...owed('wallet'), blocks: ['payout'] }])
    const panel = await screen.findByRole('region', { name: 'Your checks' })
    const beforePayout = within(panel).getByRole('list', { name: 'Before we send your coins' })
    expect(within(beforePayout).getAllByRole('listitem')).toHaveLength(1)
    expect(within(step('Your wallet')).getByText(/Needed before we send your coins\./)).toBeInTheDocument()
  })

  it('says an identity check in review holds up payments', async () => {
    renderPanel([owed('identity', 'in_review')])
    await screen.findByRole('region', { name: 'Your checks' })
    expect(within(step('Identity check')).getByText(/payments wait until then/)).toBeInTheDocument()
  })

  it('says what "being reviewed" and "rejected" mean and what to do', async () => {
    renderPanel([owed('source_of_funds', 'in_review'), owed('enhanced_checks', 'rejected')])
    await screen.findByRole('region', { name: 'Your checks' })
    const review = step('Source of funds')
    expect(within(review).getByText('Being reviewed')).toBeInTheDocument()
    expect(within(review).getByText(/A person at our team is checking your answers/)).toBeInTheDocument()
    expect(within(review).getByText(/new orders wait until then/)).toBeInTheDocument()
    expect(within(review).getByRole('link', { name: /See where it stands/ })).toHaveAttribute('href', '/dashboard-sof')

    const rejected = step('Additional questions')
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument()
    expect(within(rejected).getByText(/Please contact our support team/)).toBeInTheDocument()
  })

  it('shows nothing when nothing is owed', async () => {
    const { api, queryClient } = renderPanel([])
    // The answer has arrived, so the panel's absence below is its decision, not a pending request.
    await waitFor(() => expect(queryClient.getQueryState(['journeyStatus', 'Helvex'])?.status).toBe('success'))
    expect(api.callsTo('journeyStatus')).toHaveLength(1)
    expect(screen.queryByRole('region', { name: 'Your checks' })).not.toBeInTheDocument()
  })

  it('keeps the screen the customer opened a step from, to come back to it', async () => {
    const user = userEvent.setup()
    const { router } = renderPanel([owed('source_of_funds')], '/dashboard-history')
    await user.click(await screen.findByRole('link', { name: /Answer the questions/ }))
    expect(router.state.location.pathname).toBe('/dashboard-sof')
    expect(peekReturnTo()).toBe('/dashboard-history')
  })
})

describe('paid orders waiting for the customer', () => {
  it('lists a paid order waiting for its wallet with the one action that moves it, though no step is owed', async () => {
    const user = userEvent.setup()
    const { router } = renderPanel([], '/dashboard', waitingForWallet())
    const panel = await screen.findByRole('region', { name: 'Your checks' })
    const orders = within(panel).getByRole('list', { name: 'Paid orders waiting for you' })
    const row = within(orders).getByRole('listitem', { name: 'Order WAIT234567' })
    expect(row).toHaveTextContent('You paid 250.00 EUR for 0.00270935 BTC.')
    expect(row).toHaveTextContent('Your coins are bought and sent once this is done: Show that the wallet')
    const action = within(row).getByRole('link', { name: 'Prove your wallet: order WAIT234567' })
    expect(within(row).getAllByRole('link')).toHaveLength(1)
    await user.click(action)
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard-wallets?order=WAIT234567')
    expect(peekReturnTo()).toBe('/dashboard')
  })

  it('says the order waits for a review, with nothing to do, while the step is being reviewed', async () => {
    const customer = grossData({
      waitingOrders: [{ order: PAID, waitsFor: { step: 'identity', screen: '/dashboard-authstart' } }],
    })
    renderPanel([owed('identity', 'in_review')], '/dashboard', customer)
    const row = await screen.findByRole('listitem', { name: 'Order WAIT234567' })
    expect(row).toHaveTextContent('Identity check: being reviewed. Your coins are sent once it is approved')
    expect(within(row).getByRole('link', { name: 'See where it stands: order WAIT234567' })).toHaveAttribute(
      'href',
      '/dashboard-authstart',
    )
  })
})

describe('a final identity refusal', () => {
  it('says plainly what happened, what the customer can do and how to reach support, with nothing to pay', async () => {
    renderPanel([owed('identity', 'rejected'), owed('wallet')], '/dashboard', waitingForWallet())
    const notice = await screen.findByRole('region', { name: 'We could not verify your identity' })
    expect(notice).toHaveTextContent('this decision is final')
    expect(notice).toHaveTextContent('you cannot start or pay an order with Helvex')
    expect(notice).toHaveTextContent('goes back in full to the account or card it came from')
    expect(within(notice).getByRole('link', { name: 'support@helvex.example' })).toHaveAttribute(
      'href',
      'mailto:support@helvex.example',
    )
    expect(within(notice).getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard-history')
    expect(screen.queryByRole('link', { name: /Prove your wallet/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Paid orders waiting for you' })).not.toBeInTheDocument()
  })
})

describe('ChecksScreen', () => {
  it('does not say "nothing to do" while a paid order waits for the customer', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ journeyStatus: journeyAnswer([]) })
    renderScreen(<ChecksScreen />, { path: '/dashboard-checks', customer: waitingForWallet() })
    expect(await screen.findByRole('link', { name: 'Prove your wallet: order WAIT234567' })).toBeInTheDocument()
    expect(screen.queryByText(/There is nothing you need to do/)).not.toBeInTheDocument()
  })

  it('says so in plain words when every check is complete', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ journeyStatus: journeyAnswer([]) })
    renderScreen(<ChecksScreen />, { path: '/dashboard-checks' })
    expect(
      await screen.findByText('All your checks are complete. There is nothing you need to do.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '/dashboard')
  })
})
