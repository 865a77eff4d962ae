import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setTabToken } from '../../lib/cookies'
import { activeOrderFrom, startActiveOrder } from '../../lib/active-order'
import { grossAnswer, orderDetailAnswer, orderSummary, ratesAnswer } from '../../test/fixtures'
import { journeyAnswer, owed } from '../../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../test/mock-api'
import { renderApp } from '../../test/render'
import { continueInNewTab, receiveVisitFromOpener } from '../../features/partner/continue-in-new-tab'
import { goToHostedPage } from '../../lib/hosted-page'
import { readPartnerVisit, signInPartnerVisit, startPartnerVisit } from '../../lib/partner-visit'
import { standInForDeniedStorage, storageOnlyInMemory } from '../../lib/storage-stand-in'
import { partnerPathOf } from './partner-paths'

/** A link's token; each test its own, as each link is claimed once per page load. */
let links = 0
const linkToken = () => `${String(++links).padStart(3, '0')}${'L'.repeat(40)}`
const ENTRY = 'E'.repeat(43)
const WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const PARTNER = { slug: 'acme', displayName: 'Acme Wallet', brand: {} }

afterEach(() => setTabToken(null))

const claimAnswer = (known: boolean) =>
  ok({
    data: { entry: ENTRY, email: 'ada@example.com', known, partner: PARTNER, entryExpiresAt: '2026-11-29T09:00:00Z' },
  })

function sessionAnswer(overrides: Record<string, unknown> = {}) {
  return ok({
    data: {
      partner: PARTNER,
      prefill: {},
      locked: false,
      partnerOrderId: 'ACME-1',
      orderReference: null,
      language: null,
      ...overrides,
    },
  })
}

/** The calls a signed-in partner page makes as it renders, with the visit's context. */
const signedInHandlers = (session = sessionAnswer()): ApiHandlers => ({
  getUkStatus: ok({ data: { isUk: false } }),
  getGross: grossAnswer(),
  getHpRates: ratesAnswer(),
  journeyStatus: journeyAnswer([]),
  walletList: ok({ data: [] }),
  mpSession: session,
})

/** A visit already claimed and signed in, in this tab. */
function signedInVisit(token = 'partner-token') {
  window.sessionStorage.setItem(
    'partnerVisit',
    JSON.stringify({ entry: ENTRY, email: 'ada@example.com', known: true, partner: PARTNER, token }),
  )
}

const REFUSALS = [
  ['mp_link_unknown', 'This link does not work', 'We do not know this link.'],
  ['mp_link_used', 'This link has already been used', 'Each link opens one visit only'],
  ['mp_link_expired', 'This link has expired', 'A link works for five minutes'],
  ['mp_link_other_address', 'This link was made for another connection', 'Yours has changed'],
  ['mp_partner_disabled', 'Buying through this service is paused', 'cannot open visits with us'],
  ['mp_entry_ended', 'Your visit has ended', 'This visit is over'],
] as const

describe('a partner’s link refused', () => {
  it.each(REFUSALS)('%s: says what happened and what to do, with nothing to click', async (error, title, words) => {
    mockApi({ getUkStatus: ok({ data: { isUk: false } }), mplogin: fail(error) })
    renderApp(`/mp?partner=acme&token=${linkToken()}`)
    const card = await screen.findByRole('region', { name: title })
    expect(within(card).getByRole('alert')).toHaveTextContent(words)
    expect(within(card).getByRole('alert')).toHaveTextContent(
      error === 'mp_partner_disabled' ? 'Please contact that service' : /new link/,
    )
    expect(within(card).queryByRole('link')).not.toBeInTheDocument()
    expect(within(card).queryByRole('button')).not.toBeInTheDocument()
    expect(window.sessionStorage.getItem('partnerVisit')).toBeNull()
  })

  it('does not ask the api about an address that is not a link', async () => {
    const api = mockApi({ mplogin: claimAnswer(true) })
    renderApp('/mp?partner=acme&token=short')
    expect(await screen.findByRole('region', { name: 'This link does not work' })).toBeInTheDocument()
    expect(api.callsTo('mplogin')).toHaveLength(0)
  })

  it('says so on /mp in a tab with no visit', async () => {
    mockApi({})
    renderApp('/mp')
    expect(await screen.findByRole('region', { name: 'No visit is open in this tab' })).toBeInTheDocument()
  })
})

describe('signing in through a partner’s link', () => {
  it('claims the link, takes the password and the code, and signs in with the token in the tab only', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      ...signedInHandlers(),
      mplogin: (body) =>
        body.step === 'claim'
          ? claimAnswer(true)
          : body.step === 'password'
            ? ok({ code: true, retryAfterSeconds: 30 })
            : ok({ data: { token: 'partner-token' } }),
    })
    const token = linkToken()
    const { router } = renderApp(`/mp?partner=acme&token=${token}`)

    const form = await screen.findByRole('form', { name: 'Log in' })
    // The token leaves the address once claimed.
    expect(router.state.location.search).toBe('')
    expect(within(form).getByTestId('partner-email')).toHaveTextContent('ada@example.com')
    expect(within(form).queryByRole('textbox', { name: /e-mail/i })).not.toBeInTheDocument()
    expect(api.callsTo('mplogin')[0]?.body).toMatchObject({ step: 'claim', partner: 'acme', token })

    await user.type(within(form).getByLabelText('Password'), 'correct horse')
    await user.click(within(form).getByRole('button', { name: 'Login' }))
    expect(api.callsTo('mplogin')[1]?.body).toMatchObject({ step: 'password', entry: ENTRY, password: 'correct horse' })

    await screen.findByRole('region', { name: 'Check your e-mail' })
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }))
    await user.paste('12345')

    await waitFor(() => expect(router.state.location.pathname).toBe('/mp-checkout'))
    expect(api.callsTo('mplogin')[2]?.body).toMatchObject({ step: 'code', entry: ENTRY, code: '12345' })
    expect(await screen.findByRole('form', { name: 'Buy crypto' })).toBeInTheDocument()
    expect(JSON.parse(window.sessionStorage.getItem('partnerVisit') ?? '{}')).toMatchObject({
      entry: ENTRY,
      token: 'partner-token',
    })
    expect(document.cookie).not.toContain('jwtToken')
    expect(api.callsTo('mpSession')[0]?.headers.authorization).toBe('Bearer partner-token')
    expect(screen.getByRole('link', { name: 'Back to Acme Wallet' })).toHaveAttribute('href', '/logoutmp')
  })

  it('tells a customer with two-factor sign-in on where to log in instead, and signs nobody in', async () => {
    const user = userEvent.setup()
    mockApi({
      mplogin: (body) =>
        body.step === 'claim' ? claimAnswer(true) : ok({ secondFactor: { ticket: 'T'.repeat(43), methods: ['totp'] } }),
    })
    const { router } = renderApp(`/mp?partner=acme&token=${linkToken()}`)
    const form = await screen.findByRole('form', { name: 'Log in' })
    await user.type(within(form).getByLabelText('Password'), 'correct horse')
    await user.click(within(form).getByRole('button', { name: 'Login' }))
    expect(
      await screen.findByText(/Your account has two-factor sign-in on, which this visit cannot ask for yet/),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/mp')
    expect(JSON.parse(window.sessionStorage.getItem('partnerVisit') ?? '{}').token ?? null).toBeNull()
  })

  it('asks a new customer to choose a password under /signup’s rules', async () => {
    const user = userEvent.setup()
    const api = mockApi({ mplogin: claimAnswer(false) })
    renderApp(`/mp?partner=acme&token=${linkToken()}`)
    const form = await screen.findByRole('form', { name: 'Create your account' })
    expect(within(form).getByLabelText('Choose a password')).toHaveAttribute('placeholder', 'At least 6 characters')
    await user.type(within(form).getByLabelText('Choose a password'), 'abc')
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }))
    expect(await within(form).findByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(api.callsTo('mplogin')).toHaveLength(1)
  })

  it('goes on to the partner’s order from /mp when signed in', async () => {
    signedInVisit()
    mockApi(signedInHandlers())
    const { router } = renderApp('/mp')
    await waitFor(() => expect(router.state.location.pathname).toBe('/mp-checkout'))
  })
})

describe('the partner mode’s paths', () => {
  it('turns each signed-in path into its /mp- twin and keeps the visit for everything else', () => {
    expect(partnerPathOf('/dashboard-method')).toBe('/mp-method')
    expect(partnerPathOf('/dashboard-vibanDetails')).toBe('/mp-vibanDetails')
    expect(partnerPathOf('/dashboard')).toBe('/mp')
    expect(partnerPathOf('/logout')).toBe('/logoutmp')
    expect(partnerPathOf('/mp-checkout')).toBe('/mp-checkout')
    expect(partnerPathOf('/dashboard-history')).toBe('/mp-history')
    for (const away of ['/dashAccount', '/dashSupport', '/dashboard-contactus', '/login', '/']) {
      expect(partnerPathOf(away)).toBe('/mp')
    }
  })

  it('sends an order refused for a journey step to the step’s /mp- screen', async () => {
    const user = userEvent.setup()
    signedInVisit()
    mockApi({
      ...signedInHandlers(),
      journeyStatus: journeyAnswer([owed('source_of_funds')]),
      orderInitiateBuy: fail('step_required', 200, { step: 'source_of_funds' }),
    })
    const { router } = renderApp('/mp-checkout')
    await screen.findByText('1 BTC = 91,350.00 EUR')
    await user.clear(screen.getByRole('textbox', { name: 'You pay' }))
    await user.type(screen.getByRole('textbox', { name: 'You pay' }), '250')
    await user.click(screen.getByRole('textbox', { name: 'Wallet address' }))
    await user.paste(WALLET)
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/mp-sof'))
    // Once the step is done, the journey goes back to the calculator's twin, the partner's order.
    expect(window.sessionStorage.getItem('returnTo')).toBe('/dashboard')
  })
})

describe('the partner’s order at /mp-checkout', () => {
  const locked = sessionAnswer({
    locked: true,
    prefill: { fiat: 'eur', crypto: 'btc', fiatAmount: '250.00', wallet: WALLET },
  })

  it('shows what the partner set, not editable, and sends the partner’s values', async () => {
    const user = userEvent.setup()
    signedInVisit()
    const api = mockApi({ ...signedInHandlers(locked), orderInitiateBuy: fail('field_locked') })
    renderApp('/mp-checkout')
    await screen.findByText('1 BTC = 91,350.00 EUR')
    expect(
      screen.getByText('Acme Wallet set this order: the fields it filled in cannot be changed here.'),
    ).toBeVisible()
    const pay = screen.getByRole('textbox', { name: 'You pay' })
    expect(pay).toHaveValue('250.00')
    expect(pay).toHaveAttribute('readonly')
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveAttribute('readonly')
    expect(screen.getByRole('combobox', { name: 'Currency you pay' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Coin you receive' })).toBeDisabled()
    await user.type(pay, '9')
    expect(pay).toHaveValue('250.00')

    await user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    expect(
      await screen.findByText(
        'Acme Wallet set this order and it cannot be changed here. Go back to Acme Wallet to change it.',
      ),
    ).toBeVisible()
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toMatchObject({
      amount: '250.00',
      assetId: 'btc_eur',
      wallet: WALLET,
    })
  })
})

describe('going back to the partner', () => {
  const URL_BACK = 'https://acme.example/back?mp_status=left&mp_signature=v1,abc'

  it('offers the way back under the thank-you screen of the partner’s order', async () => {
    const user = userEvent.setup()
    signedInVisit()
    const order = orderSummary({ orderReference: 'ACME234567', statusName: 'completed', orderWallet: WALLET })
    startActiveOrder(activeOrderFrom(order))
    mockApi({ ...signedInHandlers(), getOrderDetail: orderDetailAnswer(order) })
    const { router } = renderApp('/mp-thankyou?order=ACME234567')
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument()
    // The header's link ends the visit (/logoutmp); the one under the order goes back with its outcome.
    const links = await screen.findAllByRole('link', { name: 'Back to Acme Wallet' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/logoutmp', '/mp-returnog'])
    await user.click(links[1]!)
    expect(router.state.location.pathname).toBe('/mp-returnog')
  })

  it('goes to the signed address at once from a page of its own', async () => {
    signedInVisit()
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const api = mockApi({ mpOgReturn: ok({ data: { url: URL_BACK, status: 'left' } }) })
    renderApp('/logoutmp')
    await waitFor(() => expect(assign).toHaveBeenCalledWith(URL_BACK))
    expect(api.callsTo('mpOgReturn')[0]?.body).toMatchObject({ entry: ENTRY })
    expect(window.sessionStorage.getItem('partnerVisit')).toBeNull()
  })

  it('tells the partner’s page in a frame, at the address’s origin only, and offers a link out of the frame', async () => {
    signedInVisit()
    const postMessage = vi.fn()
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window)
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window)
    mockApi({ mpOgReturn: ok({ data: { url: URL_BACK, status: 'completed' } }) })
    renderApp('/mp-returnog')
    const link = await screen.findByRole('link', { name: 'Back to Acme Wallet' })
    expect(link).toHaveAttribute('href', URL_BACK)
    expect(link).toHaveAttribute('target', '_top')
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'helvex:return', url: URL_BACK, status: 'completed' },
      'https://acme.example',
    )
  })

  it('says the visit has ended when the api says so', async () => {
    signedInVisit()
    mockApi({ mpOgReturn: fail('mp_entry_ended') })
    renderApp('/mp-returnog')
    expect(await screen.findByRole('region', { name: 'Your visit has ended' })).toBeInTheDocument()
    await act(async () => {})
  })
})

describe('a visit in a partner’s frame the browser denies storage', () => {
  const framed = () => vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window)
  const storageDenied = () =>
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    })
  const VISIT = { entry: ENTRY, email: 'ada@example.com', known: true, partner: PARTNER }

  it('keeps the visit in the page’s memory instead', () => {
    const real = Object.getOwnPropertyDescriptor(window, 'sessionStorage')
    storageDenied()
    expect(standInForDeniedStorage()).toBe(true)
    try {
      startPartnerVisit(VISIT)
      signInPartnerVisit('memory-token')
      expect(storageOnlyInMemory()).toBe(true)
      expect(readPartnerVisit()).toEqual({ ...VISIT, token: 'memory-token' })
    } finally {
      if (real) Object.defineProperty(window, 'sessionStorage', real)
    }
  })

  it('does not leave the frame for a hosted page, and offers a new tab instead', async () => {
    const user = userEvent.setup()
    signedInVisit()
    framed()
    mockApi(signedInHandlers())
    renderApp('/mp-checkout')
    await screen.findByText('1 BTC = 91,350.00 EUR')
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    act(() => void expect(goToHostedPage('https://psp.example/checkout')).toBe(false))
    expect(assign).not.toHaveBeenCalled()
    expect(
      await screen.findByText(/The next page is our partner's secure page, which cannot open inside Acme Wallet/),
    ).toBeVisible()

    vi.spyOn(window, 'open').mockReturnValueOnce(null)
    await user.click(screen.getByRole('button', { name: 'Continue in a new tab' }))
    expect(await screen.findByText(/Your browser did not open a new tab\./)).toBeVisible()
  })

  it('hands the visit to the tab it opened only, at its own origin, and the tab takes it', async () => {
    signedInVisit('framed-token')
    const tab = { postMessage: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    expect(continueInNewTab('/mp-startcc?order=ABCD234567')).toBe(true)
    expect(window.open).toHaveBeenCalledWith('/mp-continue', '_blank')
    const ready = { type: 'helvex:continue-ready' }
    window.dispatchEvent(new MessageEvent('message', { data: ready, origin: 'https://acme.example', source: null }))
    window.dispatchEvent(new MessageEvent('message', { data: ready, origin: window.location.origin, source: null }))
    expect(tab.postMessage).not.toHaveBeenCalled()
    window.dispatchEvent(
      new MessageEvent('message', { data: ready, origin: window.location.origin, source: tab as unknown as Window }),
    )
    expect(tab.postMessage).toHaveBeenCalledWith(
      {
        type: 'helvex:continue',
        visit: expect.objectContaining({ entry: ENTRY, token: 'framed-token' }),
        page: '/mp-startcc?order=ABCD234567',
      },
      window.location.origin,
    )

    // The new tab's side: it asks its opener, and takes only what the opener sends.
    const opener = { postMessage: vi.fn() }
    vi.stubGlobal('opener', opener)
    const received = receiveVisitFromOpener()
    expect(opener.postMessage).toHaveBeenCalledWith(ready, window.location.origin)
    const handed = { type: 'helvex:continue', visit: { entry: ENTRY }, page: 'https://evil.example/' }
    window.dispatchEvent(new MessageEvent('message', { data: handed, origin: window.location.origin, source: null }))
    window.dispatchEvent(
      new MessageEvent('message', {
        data: handed,
        origin: window.location.origin,
        source: opener as unknown as Window,
      }),
    )
    // A page that is not the visit's is never followed.
    expect(await received).toEqual({ visit: { entry: ENTRY }, page: '/mp' })
  })
})
