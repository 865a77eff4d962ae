import { UK_COOLING_OFF } from '@exchange/shared/uk-regulation'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDateTime } from '../../../lib/format'
import { freezeClock } from '../../../test/frozen-clock'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { EARLIER_UK_STEPS_DONE, ukStatus } from '../../../test/uk-fixtures'
import { CoolingOffScreen } from './cooling-off-screen'
import { timeLeftWords } from './cooling-off-wait'

const NOW = new Date('2026-03-01T10:00:00.000Z')
const STARTED = '2026-03-01T09:00:00.000Z'
const ENDS = '2026-03-02T09:00:00.000Z'

const waiting = ukStatus({
  ...EARLIER_UK_STEPS_DONE,
  coolingOff: { state: 'waiting', startedAt: STARTED, endsAt: ENDS },
})
const over = ukStatus({ ...EARLIER_UK_STEPS_DONE, coolingOff: { state: 'required', startedAt: STARTED, endsAt: ENDS } })

function renderWait(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const onContinued = vi.fn()
  // No clock control unless a test gives one: GET /test/clock is then a dead end, as in production.
  const api = mockApi({ ukStepsStatus: waiting, ...handlers })
  return {
    api,
    onContinued,
    ...renderScreen(<CoolingOffScreen onContinued={onContinued} />, { path: '/dashboard-prwait' }),
  }
}

describe('CoolingOffScreen', () => {
  it('explains the wait and shows when it ends on the server clock, with a countdown that moves', async () => {
    freezeClock(NOW)
    renderWait()
    expect(await screen.findByText(UK_COOLING_OFF.explanation)).toBeInTheDocument()
    expect(screen.getByText(`Your cooling-off period ends on ${formatDateTime(ENDS)}.`)).toBeInTheDocument()
    expect(screen.getByText(`You first asked to buy on ${formatDateTime(STARTED)}.`)).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent('Time left: about 23 hours.')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90 * 60_000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('Time left: about 21 hours 30 minutes.')
    // While waiting there is nothing to choose.
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Skip to the end of the wait/ })).not.toBeInTheDocument()
  })

  it('asks the server again when the countdown reaches the end, and then asks continue or leave', async () => {
    freezeClock(new Date('2026-03-02T08:59:58.000Z'))
    let calls = 0
    renderWait({ ukStepsStatus: () => (++calls === 1 ? waiting : over) })
    await screen.findByRole('timer')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(await screen.findByText(UK_COOLING_OFF.question)).toBeInTheDocument()
  })

  it('once over, offers Leave and Continue with equal prominence, neither chosen, and records Continue', async () => {
    const user = userEvent.setup()
    const { api, onContinued } = renderWait({ ukStepsStatus: over, ukCoolingOffDecision: ok() })
    const section = await screen.findByRole('region', { name: 'Continue or leave' })
    expect(within(section).getByText(UK_COOLING_OFF.question)).toBeInTheDocument()
    const leave = within(section).getByRole('button', { name: 'Leave' })
    const go = within(section).getByRole('button', { name: 'Continue' })
    expect(leave.className).toBe(go.className)
    expect(leave.getAttribute('style')).toBe(go.getAttribute('style'))
    expect([leave.dataset.variant, go.dataset.variant]).toEqual(['default', 'default'])
    expect(leave).not.toHaveFocus()
    expect(go).not.toHaveFocus()
    await user.click(go)
    await waitFor(() => expect(onContinued).toHaveBeenCalledTimes(1))
    expect(api.callsTo('ukCoolingOffDecision')[0]!.body).toEqual({
      brandName: 'Helvex',
      textVersion: UK_COOLING_OFF.version,
      choice: 'continue',
    })
  })

  it("shows the api's refusal, e.g. a wait that is not over on the server", async () => {
    const user = userEvent.setup()
    const { onContinued } = renderWait({
      ukStepsStatus: over,
      ukCoolingOffDecision: fail('step_waiting', 200, { step: 'uk_cooling_off', retryAfterSeconds: 600 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/This step is not open yet\. You can go on from/)
    expect(onContinued).not.toHaveBeenCalled()
  })

  it('offers the development-only clock button only where the server has the clock control, and moves it to the end', async () => {
    const user = userEvent.setup()
    let status = waiting
    const { api } = renderWait({
      ukStepsStatus: () => status,
      clock: ok({ data: { now: '2026-03-01T10:00:00.000Z' } }),
      advance: () => {
        status = over
        return ok({ data: { now: '2026-03-02T09:00:01.000Z' } })
      },
    })
    await screen.findByText('Development only')
    await user.click(screen.getByRole('button', { name: 'Skip to the end of the wait' }))
    expect(await screen.findByText(UK_COOLING_OFF.question)).toBeInTheDocument()
    // 23 hours to the end, and a second more: the server decides on its own clock.
    expect(api.callsTo('advance')[0]!.body).toEqual({ seconds: 23 * 3600 + 1 })
  })

  it('sends the customer to an earlier UK step that is still owed', async () => {
    renderWait({ ukStepsStatus: ukStatus({ riskWarning: { state: 'done' } }) })
    expect(await screen.findByRole('link', { name: 'Go to the investor type statement' })).toHaveAttribute(
      'href',
      '/dashboard-prst',
    )
  })
})

describe('timeLeftWords', () => {
  it('says the time left as a person does', () => {
    expect(timeLeftWords(24 * 3_600_000)).toBe('24 hours')
    expect(timeLeftWords(3_600_000 + 60_000)).toBe('1 hour 1 minute')
    expect(timeLeftWords(5 * 60_000)).toBe('5 minutes')
    expect(timeLeftWords(30_000)).toBe('less than a minute')
  })

  it('does not send the customer to an investor statement locked after a "No": it says when it opens again', async () => {
    const until = '2026-03-02T09:05:00.000Z'
    renderWait({
      ukStepsStatus: ukStatus({
        riskWarning: { state: 'done' },
        categorisation: { state: 'waiting', newStatementFrom: until },
      }),
    })
    expect(await screen.findByText(new RegExp(`Available again at ${formatDateTime(until)}\\.`))).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
