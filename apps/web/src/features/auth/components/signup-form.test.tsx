import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { switchLanguage } from '../../../lib/i18n/language'
import { describe, expect, it, vi } from 'vitest'
import { getSessionState } from '../../../lib/session-state'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen, testBrand } from '../../../test/render'
import { SignupForm } from './signup-form'

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  { email = 'ada@example.com', password = 'secret1', terms = true } = {},
) {
  if (email) await user.type(screen.getByLabelText('Email'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }))
}

describe('SignupForm', () => {
  it('asks for an e-mail and a password when they are empty', async () => {
    const user = userEvent.setup()
    renderScreen(<SignupForm />)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(VALIDATION_MESSAGES.passwordRequired)).toBeInTheDocument()
  })

  it('says when the e-mail is not an address', async () => {
    const user = userEvent.setup()
    renderScreen(<SignupForm />)
    await fillForm(user, { email: 'ada@example' })
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByText('E-mail must be valid')).toBeInTheDocument()
  })

  it('says when the password is shorter than 6 characters', async () => {
    const user = userEvent.setup()
    renderScreen(<SignupForm />)
    await fillForm(user, { password: '12345' })
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
  })

  it('requires the terms to be accepted and sends nothing without them', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homesignup: ok() })
    renderScreen(<SignupForm />)
    await fillForm(user, { terms: false })
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument()
    expect(api.fetchMock).not.toHaveBeenCalled()
  })

  it('links the terms and the privacy policy of the brand', () => {
    renderScreen(<SignupForm />)
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', testBrand.termsUrl)
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', testBrand.privacyUrl)
  })

  it('stores the e-mail as username and goes to /code after signing up', async () => {
    const user = userEvent.setup()
    mockApi({ homesignup: ok() })
    const { router } = renderScreen(<SignupForm />)
    await fillForm(user, { email: 'Ada@Example.com' })
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Page /code')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/code')
    expect(getSessionState().username).toBe('ada@example.com')
  })

  it('sends the brand, the company details and the default sign-up token', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homesignup: ok() })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await screen.findByText('Page /code')
    expect(api.callsTo('homesignup')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      token: 'DIRECT',
      language: 'en',
      brandName: testBrand.brandName,
      companyDetails: { name: testBrand.company.name, address: testBrand.company.address },
    })
  })

  it('sends the language the page speaks, which the e-mails are written in', async () => {
    const user = userEvent.setup()
    const api = mockApi({ homesignup: ok({}) })
    await switchLanguage('it')
    renderScreen(<SignupForm />)
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Registrati' }))
    await screen.findByText('Page /code')
    expect(api.callsTo('homesignup')[0]?.body).toMatchObject({ email: 'ada@example.com', language: 'it' })
  })

  it('tells an existing user to log in', async () => {
    const user = userEvent.setup()
    mockApi({ homesignup: fail('user already exists') })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered, please login')
  })

  it('asks to check the details on any other failure', async () => {
    const user = userEvent.setup()
    mockApi({ homesignup: fail('validation_failed', 400, { fields: { email: 'E-mail must be valid' } }) })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.checkDetails)
  })

  it('says something went wrong when the api cannot be reached', async () => {
    const user = userEvent.setup()
    mockApi({})
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.somethingWentWrong)
  })

  it('pressed again after "try again in a moment", sends the same Idempotency-Key, so the api answers it as the first', async () => {
    const user = userEvent.setup()
    let reachable = false
    const api = mockApi({ homesignup: () => (reachable ? ok() : fail('service_unavailable', 503)) })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/try again in a moment/)
    reachable = true
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await screen.findByText('Page /code')
    const [first, retry] = api.callsTo('homesignup').map((call) => call.headers['idempotency-key'])
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(retry).toBe(first)
  })

  it('shows the rate-limit message when the api refuses for too many attempts', async () => {
    const user = userEvent.setup()
    mockApi({ homesignup: fail('rate_limited', 429, { retryAfterSeconds: 60 }) })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooManyAttempts)
  })

  it('hides the alert after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    mockApi({ homesignup: fail('user already exists') })
    renderScreen(<SignupForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await screen.findByRole('alert')
    act(() => vi.advanceTimersByTime(2900))
    expect(screen.getByRole('alert')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
