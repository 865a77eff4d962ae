import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData } from '../../../test/fixtures'
import { fail, mockApi, ok, type MockAnswer } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { AuthEndScreen } from './auth-end-screen'
import { AuthStartScreen } from './auth-start-screen'
import { HostedAuthScreen } from './hosted-auth-screen'
import { IdentitySummaryCard } from './identity-summary-card'
import { ReturnAuthScreen } from './return-auth-screen'

const BLURRED = 'The document photo is blurred. Please take a sharp photo in good light.'

function statusAnswer(status: IdentityCheckStatus, message: string | null = null): MockAnswer {
  return ok({ data: { status, message, updatedAt: status === 'none' ? null : '2025-01-01T12:00:00.000Z' } })
}

/** The api's answers in turn; the last one repeats. */
function answersInTurn(...answers: MockAnswer[]) {
  let call = 0
  return () => answers[Math.min(call++, answers.length - 1)]!
}

function signedIn(handlers: Parameters<typeof mockApi>[0]) {
  saveJwtCookie('token-1', 24)
  return mockApi(handlers)
}

const at = (path: string) => ({ path, customer: grossData() })

describe('AuthStartScreen', () => {
  it('says what is needed, why, and how long it takes, then leads to the partner', async () => {
    signedIn({ identityStatus: statusAnswer('none') })
    const { router } = renderScreen(<AuthStartScreen />, at('/dashboard-authstart'))
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What you need' })).toHaveTextContent(
      'An identity document in your name that has not expired: a passport, a national identity card or a driving licence.',
    )
    expect(screen.getByText('A phone or a computer with a camera, to take a selfie.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Why we ask' })).toHaveTextContent(
      'The law requires us to know our customers before we send them crypto.',
    )
    expect(screen.getByRole('region', { name: 'How long it takes' })).toHaveTextContent(
      'Taking the photos takes about 5 minutes.',
    )
    const start = await screen.findByRole('link', { name: 'Start identity check' })
    await userEvent.click(start)
    expect(router.state.location.pathname).toBe('/dashboard-hostedauth')
  })

  it('offers to send the documents again after a resubmission request', async () => {
    signedIn({ identityStatus: statusAnswer('resubmission_requested', BLURRED) })
    renderScreen(<AuthStartScreen />, at('/dashboard-authstart'))
    expect(await screen.findByRole('link', { name: 'Send your documents again' })).toHaveAttribute(
      'href',
      '/dashboard-hostedauth',
    )
  })

  it('leads to the result instead of a new check once the identity is verified', async () => {
    signedIn({ identityStatus: statusAnswer('approved') })
    renderScreen(<AuthStartScreen />, at('/dashboard-authstart'))
    expect(await screen.findByText('Your identity is already verified.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See your identity check' })).toHaveAttribute('href', '/dashboard-authend')
    expect(screen.queryByRole('link', { name: 'Start identity check' })).not.toBeInTheDocument()
  })
})

describe('HostedAuthScreen', () => {
  it("asks for a link once and sends the browser to the partner's page, marked as a test environment", async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const api = signedIn({
      identityStart: ok({
        data: { verificationUrl: '/sandbox/idv/verify?applicant=app_1', status: 'started', sandbox: true },
      }),
    })
    renderScreen(<HostedAuthScreen />, at('/dashboard-hostedauth'))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/idv/verify?applicant=app_1'))
    expect(api.callsTo('identityStart')).toHaveLength(1)
    expect(api.callsTo('identityStart')[0]?.body).toEqual({ brandName: 'Helvex' })
    expect(api.callsTo('identityStart')[0]?.headers.authorization).toBe('Bearer token-1')
    expect(screen.getByText('Test environment')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue to the identity check' })).toHaveAttribute(
      'href',
      '/sandbox/idv/verify?applicant=app_1',
    )
  })

  it('goes to the result when the identity is already verified', async () => {
    signedIn({ identityStart: fail('identity_verified') })
    const { router } = renderScreen(<HostedAuthScreen />, at('/dashboard-hostedauth'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-authend'))
  })

  it('says the partner is not answering and offers to try again', async () => {
    signedIn({ identityStart: fail('provider_unavailable', 503) })
    renderScreen(<HostedAuthScreen />, at('/dashboard-hostedauth'))
    expect(
      await screen.findByText('Our identity partner is not answering right now. Please try again in a minute.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the identity check' })).toHaveAttribute(
      'href',
      '/dashboard-authstart',
    )
  })
})

describe('ReturnAuthScreen', () => {
  it('shows progress while the check is pending, asks again on a timer, and moves on once it is decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = signedIn({
      identityStatus: answersInTurn(statusAnswer('started'), statusAnswer('pending'), statusAnswer('approved')),
    })
    const decided = vi.fn()
    const { router } = renderScreen(<ReturnAuthScreen onDecided={decided} />, at('/dashboard-returnauth'))
    expect(
      await screen.findByText('We are waiting for our identity partner to confirm that your documents arrived.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Progress' })).toHaveTextContent('Documents sent (under way)')

    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(
      await screen.findByText('Our identity partner is checking your documents. This usually takes a minute or two.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Progress' })).toHaveTextContent('Checking your documents (under way)')
    expect(router.state.location.pathname).toBe('/dashboard-returnauth')
    expect(decided).not.toHaveBeenCalled()

    await act(() => vi.advanceTimersByTimeAsync(2000))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-authend'))
    expect(api.callsTo('identityStatus')).toHaveLength(3)
    // What the customer owes is asked for again (the route invalidates the journey's answer).
    expect(decided).toHaveBeenCalledTimes(1)
  })

  it('stops asking after two minutes and says where the result will be', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = signedIn({ identityStatus: statusAnswer('pending') })
    renderScreen(<ReturnAuthScreen />, at('/dashboard-returnauth'))
    await screen.findByRole('list', { name: 'Progress' })
    await act(() => vi.advanceTimersByTimeAsync(120_000))
    expect(await screen.findByText('This is taking longer than usual')).toBeInTheDocument()
    const asked = api.callsTo('identityStatus').length
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(api.callsTo('identityStatus')).toHaveLength(asked)
    expect(screen.getByRole('link', { name: 'See your identity check' })).toHaveAttribute('href', '/dashboard-authend')
  })

  it('moves straight on when the check was left to a person', async () => {
    signedIn({ identityStatus: statusAnswer('review') })
    const { router } = renderScreen(<ReturnAuthScreen />, at('/dashboard-returnauth'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-authend'))
  })
})

describe('AuthEndScreen', () => {
  async function showsFor(status: IdentityCheckStatus, message: string | null = null) {
    signedIn({ identityStatus: statusAnswer(status, message) })
    return renderScreen(<AuthEndScreen />, at('/dashboard-authend'))
  }

  it('approved: says the identity is verified and leads back to buying', async () => {
    await showsFor('approved')
    expect(await screen.findByRole('heading', { level: 1, name: 'Your identity is verified' })).toBeInTheDocument()
    expect(
      screen.getByText('Thank you. Your identity check is complete, so you can go on buying crypto.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '/dashboard')
  })

  it("resubmission requested: shows the partner's message and what to do next", async () => {
    await showsFor('resubmission_requested', BLURRED)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please send your documents again' }),
    ).toBeInTheDocument()
    expect(screen.getByText('What our identity partner said')).toBeInTheDocument()
    expect(screen.getByText(BLURRED)).toBeInTheDocument()
    expect(screen.getByText('What to do next')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Send documents again' })).toHaveAttribute('href', '/dashboard-hostedauth')
  })

  it('rejected: gives the reason and tells the customer to contact support', async () => {
    await showsFor('rejected', 'The selfie does not match the photo on the document.')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not verify your identity' }),
    ).toBeInTheDocument()
    expect(screen.getByText('The selfie does not match the photo on the document.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'support@helvex.example' })).toHaveAttribute(
      'href',
      'mailto:support@helvex.example',
    )
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/dashSupport')
    expect(screen.queryByRole('link', { name: 'Send documents again' })).not.toBeInTheDocument()
  })

  it('in review: says a person is looking and nothing is needed', async () => {
    await showsFor('review')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your documents are being reviewed' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'A person is looking at your documents. This can take up to one working day. You do not need to do anything.',
      ),
    ).toBeInTheDocument()
  })

  it('pending: says the check is in progress and can be asked again', async () => {
    const { router } = await showsFor('pending')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your identity check is in progress' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-authend')
  })

  it('started: offers to continue the check with the partner', async () => {
    await showsFor('started')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your identity check is not finished' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue identity check' })).toHaveAttribute(
      'href',
      '/dashboard-hostedauth',
    )
  })

  it('none: leads to the start of the check', async () => {
    await showsFor('none')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have not started your identity check' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start identity check' })).toHaveAttribute('href', '/dashboard-authstart')
  })
})

describe('IdentitySummaryCard', () => {
  it('says where the check stands on the account page and leads to the next step and to the documents', async () => {
    signedIn({ identityStatus: statusAnswer('resubmission_requested', BLURRED) })
    renderScreen(<IdentitySummaryCard />, at('/dashAccount'))
    const card = screen.getByRole('region', { name: 'Identity and documents' })
    expect(await within(card).findByText('Identity check: Please send your documents again.')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'See what to send' })).toHaveAttribute('href', '/dashboard-authend')
    expect(within(card).getByRole('link', { name: 'Upload documents' })).toHaveAttribute(
      'href',
      '/dashboard-uploaddocs',
    )
  })
})
