import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { peekReturnTo } from '../../../lib/return-to'
import { journeyAnswer, owed } from '../../../test/journey-fixtures'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ChecksPanel } from './checks-panel'
import { ChecksScreen } from './checks-screen'

function renderPanel(steps: Parameters<typeof journeyAnswer>[0], path = '/dashboard') {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ journeyStatus: journeyAnswer(steps) })
  return { api, ...renderScreen(<ChecksPanel />, { path }) }
}

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

    const beforePayout = within(panel).getByRole('list', { name: 'Before we send your coins' })
    expect(within(beforePayout).getAllByRole('listitem')).toHaveLength(2)
    expect(within(step('Identity check')).getByText(/Needed before we send your coins\./)).toBeInTheDocument()
    expect(within(step('Identity check')).getByRole('link', { name: /Verify your identity/ })).toHaveAttribute(
      'href',
      '/dashboard-authstart',
    )
  })

  it('says what "being reviewed" and "rejected" mean and what to do', async () => {
    renderPanel([owed('enhanced_checks', 'in_review'), owed('identity', 'rejected')])
    await screen.findByRole('region', { name: 'Your checks' })
    const review = step('Additional questions')
    expect(within(review).getByText('Being reviewed')).toBeInTheDocument()
    expect(within(review).getByText(/A person at our team is checking your answers/)).toBeInTheDocument()
    expect(within(review).getByText(/new orders wait until then/)).toBeInTheDocument()
    expect(within(review).getByRole('link', { name: /See where it stands/ })).toHaveAttribute(
      'href',
      '/dashboard-quest',
    )

    const rejected = step('Identity check')
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

describe('ChecksScreen', () => {
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
