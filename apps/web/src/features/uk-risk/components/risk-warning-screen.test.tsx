import { UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ukStatus } from '../../../test/uk-fixtures'
import { RiskWarningScreen } from './risk-warning-screen'

const WARNING =
  "Ada Lovelace, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 mins to learn more"

function renderPrk(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const onContinued = vi.fn()
  const onDetailsNeeded = vi.fn()
  const api = mockApi({ ukStepsStatus: ukStatus(), ...handlers })
  const view = renderScreen(<RiskWarningScreen onContinued={onContinued} onDetailsNeeded={onDetailsNeeded} />, {
    path: '/dashboard-prk',
  })
  return { api, onContinued, onDetailsNeeded, ...view }
}

const popUp = () => screen.findByRole('dialog', { name: /Ada Lovelace, this is a high-risk investment/ })

describe('RiskWarningScreen', () => {
  it('shows the personalised warning word for word in a pop-up, with Leave and Continue of equal prominence and neither chosen', async () => {
    renderPrk()
    const dialog = await popUp()
    expect(dialog).toHaveTextContent(WARNING, { normalizeWhitespace: true })
    const leave = within(dialog).getByRole('button', { name: 'Leave' })
    const go = within(dialog).getByRole('button', { name: 'Continue' })
    // One component, one variant and size: the same classes, attributes and inline style but for the choice.
    expect(leave.className).toBe(go.className)
    expect(leave.getAttribute('style')).toBe(go.getAttribute('style'))
    expect(leave.dataset.variant).toBe('default')
    expect(go.dataset.variant).toBe('default')
    expect(leave.dataset.size).toBe(go.dataset.size)
    // Nothing is chosen or focused for the customer: the focus is on the warning itself.
    await waitFor(() => expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus())
    expect(leave).not.toHaveFocus()
    expect(go).not.toHaveFocus()
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument()
  })

  it('records Continue with the text version and that the risk summary was opened, then goes on', async () => {
    const user = userEvent.setup()
    const { api, onContinued } = renderPrk({ ukRiskDecision: ok() })
    const dialog = await popUp()
    await user.click(within(dialog).getByRole('button', { name: 'Take 2 mins to learn more' }))
    const summary = await screen.findByRole('dialog', { name: 'Risk summary' })
    expect(within(summary).getByRole('heading', { name: 'What are the key risks?' })).toBeInTheDocument()
    await user.click(within(summary).getByRole('button', { name: 'Close risk summary' }))
    await user.click(within(await popUp()).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onContinued).toHaveBeenCalledTimes(1))
    expect(api.callsTo('ukRiskDecision')[0]!.body).toEqual({
      brandName: 'Helvex',
      textVersion: UK_PERSONAL_RISK_WARNING.version,
      choice: 'continue',
      summaryOpened: true,
    })
  })

  it('records Leave without the summary and ends the journey, with a way to come back', async () => {
    const user = userEvent.setup()
    const { api, onContinued } = renderPrk({ ukRiskDecision: ok() })
    await user.click(within(await popUp()).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByText('You chose to leave.')).toBeInTheDocument()
    expect(api.callsTo('ukRiskDecision')[0]!.body).toMatchObject({ choice: 'leave', summaryOpened: false })
    expect(onContinued).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show the risk warning again' }))
    expect(await popUp()).toBeInTheDocument()
  })

  it('closes on Escape without a choice: nothing is recorded', async () => {
    const user = userEvent.setup()
    const { api } = renderPrk()
    await popUp()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText(/You have not made a choice on this visit/)).toBeInTheDocument()
    expect(api.callsTo('ukRiskDecision')).toHaveLength(0)
  })

  it('sends a customer without details to the details first', async () => {
    const { onDetailsNeeded, api } = renderPrk({ ukStepsStatus: ukStatus({ fullName: null }) })
    await waitFor(() => expect(onDetailsNeeded).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.callsTo('ukRiskDecision')).toHaveLength(0)
  })

  it("shows the api's refusal in the pop-up", async () => {
    const user = userEvent.setup()
    const { onContinued } = renderPrk({
      ukRiskDecision: fail('validation_failed', 400, {
        fields: { textVersion: 'This text has changed since it was shown: please read it again' },
      }),
    })
    await user.click(within(await popUp()).getByRole('button', { name: 'Continue' }))
    expect(await within(await popUp()).findByRole('alert')).toHaveTextContent(
      'This text has changed since the page was loaded. Please reload the page and read it again.',
    )
    expect(onContinued).not.toHaveBeenCalled()
  })

  it('says the warning was read once the step is done, and asks nothing again', async () => {
    renderPrk({
      ukStepsStatus: ukStatus({
        riskWarning: { state: 'done', lastChoice: 'continue', decidedAt: '2026-03-01T09:00:00Z' },
      }),
    })
    expect(await screen.findByText(/You have read the risk warning and chose to continue/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
