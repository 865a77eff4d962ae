import { ACCOUNT_ERROR_COPY as ERROR_COPY } from '@exchange/shared/messages'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { freezeClock } from '../../../test/frozen-clock'
import { renderScreen } from '../../../test/render'
import { CodeEntryScreen } from './code-entry-screen'

const digits = () => [1, 2, 3, 4, 5].map((n) => screen.getByRole('textbox', { name: `Digit ${n}` }))

describe('CodeEntryScreen', () => {
  beforeEach(() => {
    updateSessionState({ username: 'ada@example.com' })
  })

  it('shows the e-mail the code was sent to', () => {
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  })

  it('sends a visitor without a username to /login', async () => {
    updateSessionState({ username: null })
    const { router } = renderScreen(<CodeEntryScreen />, { path: '/code' })
    await screen.findByText('Page /login')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('verifies by itself once five digits are typed, saves the token and goes to /land, where login leads', async () => {
    const user = userEvent.setup()
    const api = mockApi({ verifycode: ok({ data: { token: 'token-abc' } }) })
    const { router } = renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
    await user.keyboard('12345')
    await screen.findByText('Page /land')
    expect(api.callsTo('verifycode')[0]?.body).toEqual({ email: 'ada@example.com', code: '12345', brandName: 'Helvex' })
    expect(readJwtCookie()).toBe('token-abc')
    expect(router.state.location.pathname).toBe('/land')
  })

  it('moves to the next box as each digit is typed', async () => {
    const user = userEvent.setup()
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
    await user.keyboard('12')
    expect(screen.getByRole('textbox', { name: 'Digit 3' })).toHaveFocus()
  })

  it('fills every box from a pasted code', async () => {
    const user = userEvent.setup()
    const api = mockApi({ verifycode: fail('code_invalid') })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
    await user.paste('54321')
    await waitFor(() => expect(api.callsTo('verifycode')).toHaveLength(1))
    expect(api.callsTo('verifycode')[0]?.body).toMatchObject({ code: '54321' })
  })

  it('clears the boxes and asks to check the code when it is wrong', async () => {
    const user = userEvent.setup()
    mockApi({ verifycode: fail('code_invalid') })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
    await user.keyboard('12345')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check code and try again')
    for (const digit of digits()) expect(digit).toHaveValue('')
  })

  it('shows "Code sent!" after a new code is requested', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homeresendcode: ok() })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByText('Code sent!')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Code not received?' })).not.toBeInTheDocument()
    expect(api.callsTo('homeresendcode')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      companyDetails: expect.any(Object),
    })
  })

  it('explains a refused resend with the copy of its error code', async () => {
    const user = userEvent.setup()
    mockApi({ homeresendcode: fail('resend_too_soon', 200, { retryAfterSeconds: 25 }) })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_COPY.resend_too_soon ?? '')
  })

  it('says when the next code can be asked for after a code is sent, then offers the link again', async () => {
    freezeClock(new Date(2026, 10, 23, 14, 0, 0))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homeresendcode: ok({ retryAfterSeconds: 30 }) })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByText('You can ask for a new code at 14:00:30')).toBeInTheDocument()
    expect(screen.getByText('Code sent!')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(30_000))
    expect(screen.getByRole('button', { name: 'Code not received?' })).toBeInTheDocument()
  })

  it('says when the next code can be asked for when the login that led here gave a time', () => {
    freezeClock(new Date(2026, 10, 23, 14, 0, 0))
    updateSessionState({ username: 'ada@example.com', nextCodeAt: new Date(2026, 10, 23, 14, 0, 20).getTime() })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    expect(screen.getByText('You can ask for a new code at 14:00:20')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Code not received?' })).not.toBeInTheDocument()
  })

  it('says when codes work again after they were paused', async () => {
    freezeClock(new Date(2026, 10, 23, 14, 0, 0))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homeresendcode: fail('codes_paused', 429, { retryAfterSeconds: 2 * 3600 }) })
    renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_COPY.codes_paused ?? '')
    expect(screen.getByText('You can ask for a new code at 16:00:00')).toBeInTheDocument()
  })
})
