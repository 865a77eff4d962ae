import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { updateSessionState } from '../../../lib/session-state'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { freezeClock } from '../../../test/frozen-clock'
import { renderScreen } from '../../../test/render'
import { ResetPasswordScreen } from './reset-password-screen'

async function typeCode(user: ReturnType<typeof userEvent.setup>, code = '24680') {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
  await user.keyboard(code)
}

describe('ResetPasswordScreen', () => {
  beforeEach(() => {
    updateSessionState({ username: 'ada@example.com' })
  })

  it('says the code seems wrong and clears the boxes', async () => {
    const user = userEvent.setup()
    mockApi({ homeCheckToken: fail('code_invalid') })
    renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await typeCode(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Seems like the wrong code. Please try again')
    expect(screen.getByRole('textbox', { name: 'Digit 1' })).toHaveValue('')
  })

  it('replaces the code with a new password field 1 second after a right code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homeCheckToken: ok() })
    renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await typeCode(user)
    await screen.findByText('Code accepted')
    act(() => vi.advanceTimersByTime(900))
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Digit 1' })).not.toBeInTheDocument()
  })

  it('checks the new password with the password rules', async () => {
    const user = userEvent.setup()
    mockApi({ homeCheckToken: ok() })
    renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await typeCode(user)
    await user.type(await screen.findByLabelText('New password', {}, { timeout: 5_000 }), '123')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
  })

  it('sets the new password with the code and goes to /redirect', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homeCheckToken: ok(), homeCompleteResetPassword: ok() })
    const { router } = renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await typeCode(user)
    await user.type(await screen.findByLabelText('New password', {}, { timeout: 5_000 }), 'new-secret')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    await screen.findByText('Page /redirect')
    expect(router.state.location.pathname).toBe('/redirect')
    expect(api.callsTo('homeCompleteResetPassword')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      code: '24680',
      password: 'new-secret',
      brandName: 'Helvex',
    })
  })

  it('asks for the reset code again: "Code sent!", then the link once the 30 seconds are over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const api = mockApi({ homeStartResetPassword: ok() })
    renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByText('Code sent!')).toBeInTheDocument()
    expect(api.callsTo('homeStartResetPassword')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      brandName: 'Helvex',
    })
    // The answer arrived outside React's test scope: let the screen start its 30 s wait before the clock moves.
    await act(async () => {})
    act(() => vi.advanceTimersByTime(30_000))
    expect(screen.getByRole('button', { name: 'Code not received?' })).toBeInTheDocument()
  })

  it('says when the next reset code can be asked for, as the api answered', async () => {
    freezeClock(new Date(2026, 10, 23, 9, 15, 0))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homeStartResetPassword: fail('resend_too_soon', 429, { retryAfterSeconds: 12 }) })
    renderScreen(<ResetPasswordScreen />, { path: '/resetpass' })
    await user.click(screen.getByRole('button', { name: 'Code not received?' }))
    expect(await screen.findByText('You can ask for a new code at 09:15:12')).toBeInTheDocument()
  })
})
