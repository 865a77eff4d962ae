import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { rememberAfterLogin } from '../../../lib/after-login'
import { readJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { freezeClock } from '../../../test/frozen-clock'
import { renderScreen } from '../../../test/render'
import { LoginForm } from './login-form'

async function logIn(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com', password = 'secret1') {
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

describe('LoginForm', () => {
  it('asks for an e-mail and a password when they are empty', async () => {
    const user = userEvent.setup()
    renderScreen(<LoginForm />, { path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
  })

  it('goes to /code and remembers the e-mail when the api asks for a code', async () => {
    const user = userEvent.setup()
    mockApi({ homelogin: ok({ code: true }) })
    const { router } = renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await screen.findByText('Page /code')
    expect(router.state.location.pathname).toBe('/code')
    expect(getSessionState().username).toBe('ada@example.com')
    expect(readJwtCookie()).toBeNull()
  })

  it('saves the token in the jwtToken cookie and goes to /land, where login leads', async () => {
    const user = userEvent.setup()
    mockApi({ homelogin: ok({ data: { token: 'token-123' } }) })
    const { router } = renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await screen.findByText('Page /land')
    expect(router.state.location.pathname).toBe('/land')
    expect(readJwtCookie()).toBe('token-123')
  })

  it('goes back to the page a signed-out visitor asked for, such as an e-mail’s link to add a wallet', async () => {
    const user = userEvent.setup()
    mockApi({ homelogin: ok({ data: { token: 'token-1' } }) })
    rememberAfterLogin('/dashboard-wallets?order=ABCD234567')
    const { router } = renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await screen.findByText('Page /dashboard-wallets')
    expect(router.state.location.search).toBe('?order=ABCD234567')
  })

  it('asks to check the details when the credentials are wrong', async () => {
    const user = userEvent.setup()
    mockApi({ homelogin: fail('invalid_credentials') })
    renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.checkDetails)
  })

  it('hides the alert after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homelogin: fail('invalid_credentials') })
    renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await screen.findByRole('alert')
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks for the e-mail when "Forgot password?" is used with an empty e-mail', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homeStartResetPassword: ok() })
    renderScreen(<LoginForm />, { path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(screen.getByText('Please enter email')).toBeInTheDocument()
    expect(api.fetchMock).not.toHaveBeenCalled()
  })

  it('requests a reset code, remembers the e-mail and goes to /resetpass', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homeStartResetPassword: ok() })
    const { router } = renderScreen(<LoginForm />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await screen.findByText('Page /resetpass')
    expect(router.state.location.pathname).toBe('/resetpass')
    expect(getSessionState().username).toBe('ada@example.com')
    expect(api.callsTo('homeStartResetPassword')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      companyDetails: expect.any(Object),
    })
  })

  it('says something went wrong when the reset cannot be started', async () => {
    const user = userEvent.setup()
    mockApi({})
    renderScreen(<LoginForm />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.somethingWentWrong)
  })

  it("keeps the time the api gave for the code step's next code", async () => {
    freezeClock(new Date(2026, 10, 23, 14, 0, 0))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homelogin: ok({ code: true, retryAfterSeconds: 25 }) })
    renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await screen.findByText('Page /code')
    const expected = new Date(2026, 10, 23, 14, 0, 25).getTime()
    expect(getSessionState().nextCodeAt).toBeGreaterThanOrEqual(expected)
    expect(getSessionState().nextCodeAt).toBeLessThan(expected + 1_000)
  })
})
