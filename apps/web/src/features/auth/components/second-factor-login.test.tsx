import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { readJwtCookie } from '../../../lib/cookies'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { CodeEntryScreen } from './code-entry-screen'
import { LoginForm } from './login-form'
import { updateSessionState } from '../../../lib/session-state'

const TICKET = 'T'.repeat(43)

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

/** The browser's passkey, as `@simplewebauthn/browser` answers it (its real module is loaded on demand). */
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} })),
  startRegistration: vi.fn(),
}))

describe('the login with two-factor sign-in on (decision 124)', () => {
  it('asks for the code after the password, then signs in with it', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      homelogin: ok({ secondFactor: { ticket: TICKET, methods: ['totp'] } }),
      loginSecondFactor: (body) =>
        body.code === '123456' ? ok({ data: { token: 'token-2fa' } }) : fail('second_factor_invalid'),
    })
    const { router } = renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument()
    expect(readJwtCookie()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument()
    const field = screen.getByLabelText('Authenticator or recovery code')
    await user.type(field, '12')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    // A code of the wrong shape is refused here, without a call.
    expect(await screen.findByText(/An authenticator code has 6 digits/)).toBeInTheDocument()
    expect(api.callsTo('loginSecondFactor')).toHaveLength(0)
    await user.clear(field)
    await user.type(field, '654321')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(/This code is not right/)).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '123 456')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByText('Page /land')
    expect(router.state.location.pathname).toBe('/land')
    expect(readJwtCookie()).toBe('token-2fa')
    expect(api.callsTo('loginSecondFactor').map((call) => call.body.ticket)).toEqual([TICKET, TICKET])
  })

  it('takes a recovery code, and sends an expired sign-in back to the password', async () => {
    const user = userEvent.setup()
    mockApi({
      homelogin: ok({ secondFactor: { ticket: TICKET, methods: ['totp'] } }),
      loginSecondFactor: fail('login_ticket_invalid'),
    })
    renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await user.type(await screen.findByLabelText('Authenticator or recovery code'), '7KQ2M-XP4RT')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired. Log in again.')
    await user.click(screen.getByRole('button', { name: 'Back to log in' }))
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument()
  })

  it('offers the passkey when the customer has one, and signs in with it', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      homelogin: ok({ secondFactor: { ticket: TICKET, methods: ['totp', 'passkey'] } }),
      passkeyLoginOptions: ok({ data: { challengeId: crypto.randomUUID(), options: { challenge: 'abc' } } }),
      loginSecondFactor: ok({ data: { token: 'token-passkey' } }),
    })
    renderScreen(<LoginForm />, { path: '/login' })
    await logIn(user)
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }))
    await screen.findByText('Page /land')
    expect(readJwtCookie()).toBe('token-passkey')
    expect(api.callsTo('passkeyLoginOptions')[0]!.body.ticket).toBe(TICKET)
    expect(api.callsTo('loginSecondFactor')[0]!.body.passkey).toMatchObject({ response: { id: 'cred' } })
  })

  it('signs in with a passkey alone from the login page', async () => {
    const user = userEvent.setup()
    mockApi({
      passkeyLoginOptions: ok({ data: { challengeId: crypto.randomUUID(), options: { challenge: 'abc' } } }),
      passkeySignIn: ok({ data: { token: 'token-alone' } }),
    })
    renderScreen(<LoginForm />, { path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    await screen.findByText('Page /land')
    expect(readJwtCookie()).toBe('token-alone')
  })

  it('after a new device’s e-mailed code, the login page asks for the second factor', async () => {
    const user = userEvent.setup()
    updateSessionState({ username: 'ada@example.com' })
    mockApi({ verifycode: ok({ secondFactor: { ticket: TICKET, methods: ['totp'] } }) })
    const { router } = renderScreen(<CodeEntryScreen />, { path: '/code' })
    await user.type(screen.getAllByRole('textbox')[0]!, '12345')
    await screen.findByText('Page /login')
    expect(router.state.location.state).toEqual({ result: true, secondFactor: { ticket: TICKET, methods: ['totp'] } })
    expect(readJwtCookie()).toBeNull()
  })
})
