import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../lib/cookies'
import { grossAnswer, ratesAnswer } from '../test/fixtures'
import { journeyAnswer } from '../test/journey-fixtures'
import { mockApi, ok } from '../test/mock-api'
import { App } from './app'

/** The answers a signed-in /dashboard asks for as it loads. */
const signedInApi = ({ isUk }: { isUk: boolean }) =>
  mockApi({
    getBrand: ok({ data: DEFAULT_BRAND }),
    getUkStatus: ok({ data: { isUk } }),
    getGross: grossAnswer(),
    journeyStatus: journeyAnswer([]),
    getHpRates: ratesAnswer(),
    walletList: ok({ data: [] }),
  })

describe('App', () => {
  it('shows a loader until the brand is known, then the sign-up form at /', async () => {
    window.history.replaceState(null, '', '/')
    mockApi({ getBrand: ok({ data: DEFAULT_BRAND }), getUkStatus: ok({ data: { isUk: false } }) })
    render(<App />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeInTheDocument()
  })

  it('offers a retry when the brand cannot be loaded', async () => {
    window.history.replaceState(null, '', '/')
    mockApi({})
    render(<App />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows a not-found page with a link home for an unknown address', async () => {
    window.history.replaceState(null, '', '/no-such-page')
    mockApi({ getBrand: ok({ data: DEFAULT_BRAND }) })
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('signed in at /dashboard, shows the UK warning while the account still loads, then the calculator', async () => {
    window.history.replaceState(null, '', '/dashboard')
    saveJwtCookie('token-1', 24)
    signedInApi({ isUk: true })
    render(<App />)
    expect(await screen.findByRole('region', { name: 'Risk warning' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Buy crypto' })).toBeInTheDocument()
  })

  it('signed in at /dashboard, asks for the account, the prices and the wallets once each', async () => {
    window.history.replaceState(null, '', '/dashboard')
    saveJwtCookie('token-1', 24)
    const api = signedInApi({ isUk: false })
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Buy crypto' })).toBeInTheDocument()
    expect(await screen.findByText('Your rate')).toBeInTheDocument()
    for (const call of ['getGross', 'getHpRates', 'walletList']) expect(api.callsTo(call), call).toHaveLength(1)
  })

  it('gives the next session a cache of its own: what the last one was answered is asked for again', async () => {
    window.history.replaceState(null, '', '/dashboard')
    saveJwtCookie('token-1', 24)
    const api = signedInApi({ isUk: false })
    const first = render(<App />)
    expect(await screen.findByText('Your rate')).toBeInTheDocument()
    first.unmount()

    saveJwtCookie('token-2', 24)
    render(<App />)
    expect(await screen.findByText('Your rate')).toBeInTheDocument()
    for (const call of ['getGross', 'walletList']) {
      expect(
        api.callsTo(call).map((request) => request.headers.authorization),
        call,
      ).toEqual(['Bearer token-1', 'Bearer token-2'])
    }
  })
})
