import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { readJwtCookie, saveJwtCookie } from '../lib/cookies'
import { getSessionState } from '../lib/session-state'
import { grossAnswer, orderSummary, ratesAnswer } from '../test/fixtures'
import { journeyAnswer, owed } from '../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../test/mock-api'
import { renderApp as renderAppAt } from '../test/render'
import { BUILT_DASHBOARD_SCREENS } from './dashboard-screens'
import { DASHBOARD_ROUTES } from './signed-in-screens'
import { SIGNED_IN_PATHS } from './signed-in-routes'

function renderApp(url: string) {
  return renderAppAt(url).router
}

function signedIn(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  return mockApi({
    getGross: grossAnswer(),
    getUkStatus: ok({ data: { isUk: false } }),
    getHpRates: ratesAnswer(),
    ...handlers,
  })
}

describe('signed-in routes', () => {
  it('loads every dashboard page on demand', () => {
    const lazy = Symbol.for('react.lazy')
    for (const screen of BUILT_DASHBOARD_SCREENS) {
      const route = DASHBOARD_ROUTES.find((candidate) => candidate.path === screen.path)
      expect(route, screen.path).toBeDefined()
      expect(route?.Screen.$$typeof, screen.path).toBe(lazy)
    }
  })

  it('routes every signed-in address of the first load to a screen of the table, and no other', () => {
    expect([...SIGNED_IN_PATHS].sort()).toEqual(DASHBOARD_ROUTES.map((route) => route.path).sort())
  })

  it('covers every dashboard name of spec section 2, and the screens added beyond it', () => {
    const names = BUILT_DASHBOARD_SCREENS.map((screen) => screen.path.replace(/^\/(dashboard-)?/, '')).sort()
    const spec = [
      'dashboard',
      'dashAccount',
      'dashSupport',
      'land',
      'returnagr',
      'disclaimer',
      'method',
      'viban',
      'vibanDetails',
      'banks',
      'details',
      'confirmdetails',
      'history',
      'contactus',
      'uploaddocs',
      'startcc',
      'returncc',
      'choosebank',
      'choosecc',
      'thankyou',
      'sorry',
      'wire',
      'authstart',
      'prk',
      'prquest',
      'prst',
      'authend',
      'hostedauth',
      'otp0',
      'otp1',
      'otp2',
      'otp3',
      'otp4',
      'otp5',
      'agr',
      'agr1',
      'sof',
      'quest',
      'returnauth',
    ]
    // Screens the spec's table leaves out and the product needs: the checks page (decision 038), the wallet screen
    // (decision 039), the UK cooling-off (decision 041), a completed order's receipt (decision 049), the way out of a
    // waiting order (decision 085).
    const beyondSpec = ['checks', 'wallets', 'wayout', 'prwait', 'receipt']
    expect(names).toEqual([...spec, ...beyondSpec].sort())
  })

  for (const path of [
    '/dashboard',
    '/dashboard-startcc',
    '/dashAccount',
    '/dashSupport',
    '/dashboard-history',
    '/land',
  ]) {
    it(`sends a visitor without a session token from ${path} to /login`, async () => {
      mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
      const router = renderApp(path)
      await screen.findByRole('heading', { name: 'Log in' })
      expect(router.state.location.pathname).toBe('/login')
    })
  }

  it('offers Buy, History, Your checks, Identity check, Documents, Wallets, Account, Support and Log Out, marking the current section', async () => {
    signedIn()
    renderApp('/dashboard-history')
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Buy', '/dashboard'],
      ['History', '/dashboard-history'],
      ['Your checks', '/dashboard-checks'],
      ['Identity check', '/dashboard-authstart'],
      ['Documents', '/dashboard-uploaddocs'],
      ['Wallets', '/dashboard-wallets'],
      ['Account', '/dashAccount'],
      ['Support', '/dashSupport'],
      ['Log Out', '/logout'],
    ])
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page')
  })

  it('counts the checks the customer can act on in the menu', async () => {
    signedIn({
      journeyStatus: journeyAnswer([owed('source_of_funds'), owed('identity'), owed('enhanced_checks', 'in_review')]),
    })
    renderApp('/dashboard-history')
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    const link = within(nav).getByRole('link', { name: /Your checks/ })
    await waitFor(() => expect(link).toHaveTextContent('Your checks2 to do'))
    expect(link).toHaveAttribute('href', '/dashboard-checks')
  })

  it('asks for the checks once as /dashboard loads, though the menu and the calculator both show them', async () => {
    const api = signedIn({ journeyStatus: journeyAnswer([owed('source_of_funds'), owed('identity')]) })
    renderApp('/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Your checks/ })).toHaveTextContent('2 to do'))
    // The calculator's screen arrives later, with its own view of the checks, from the answer already there.
    const checks = await screen.findByRole('region', { name: 'Your checks' })
    expect(within(checks).getByText('Identity check')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Buy BTC' })).toBeInTheDocument()
    expect(api.callsTo('journeyStatus')).toHaveLength(1)
  })

  it('asks for the checks again once the identity check the customer came back from is decided', async () => {
    const identityDecided = ok({ data: { status: 'approved', message: null, updatedAt: '2026-03-02T08:00:00.000Z' } })
    const api = signedIn({
      journeyStatus: journeyAnswer([owed('identity', 'in_review')]),
      identityStatus: identityDecided,
    })
    const router = renderApp('/dashboard-returnauth')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-authend'))
    // The menu's count asked as the layout loaded; the decided check made the answer old at once.
    await waitFor(() => expect(api.callsTo('journeyStatus')).toHaveLength(2))
  })

  it('shows a customer whose identity check was refused for good what that means, and no order to start or pay', async () => {
    signedIn({
      journeyStatus: journeyAnswer([owed('identity', 'rejected')]),
      getGross: grossAnswer({ openOrder: [orderSummary({ orderReference: 'OPEN234567' })] }),
    })
    renderApp('/dashboard')
    const notice = await screen.findByRole('region', { name: 'We could not verify your identity' })
    expect(notice).toHaveTextContent('you cannot start or pay an order')
    expect(screen.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Buy / })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Buy crypto' })).not.toBeInTheDocument()
    expect(screen.queryByText(/OPEN234567/)).not.toBeInTheDocument()
  })

  it('greets the customer above the calculator, in the dark theme', async () => {
    signedIn()
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Buy BTC' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(getSessionState()).toMatchObject({ clientName: 'Ada Lovelace', clientEmail: 'ada@example.com' })
  })

  it('keeps the UK risk warning on the buying pages for UK visitors, without a close button', async () => {
    signedIn({ getUkStatus: ok({ data: { isUk: true } }) })
    renderApp('/dashboard')
    const banner = await screen.findByRole('region', { name: 'Risk warning' })
    expect(banner).toHaveTextContent("Don't invest unless you're prepared to lose all the money you invest.")
    expect(within(banner).queryByRole('button', { name: /close|dismiss/i })).not.toBeInTheDocument()
  })

  it('keeps the header compact on a phone, with the risk warning right under it', async () => {
    const phoneWidth = (query: string) => query === '(max-width: 36em)'
    const desktop = window.matchMedia.bind(window)
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...desktop(query),
      matches: phoneWidth(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    signedIn({ getUkStatus: ok({ data: { isUk: true } }) })
    renderApp('/dashboard')
    const banner = await screen.findByRole('region', { name: 'Risk warning' })
    expect(banner.style.getPropertyValue('--uk-banner-top')).toBe('44px')
    expect(banner).toHaveTextContent("Don't invest unless you're prepared to lose all the money you invest.")
  })

  it('has the full header on a wider screen', async () => {
    signedIn({ getUkStatus: ok({ data: { isUk: true } }) })
    renderApp('/dashboard')
    const banner = await screen.findByRole('region', { name: 'Risk warning' })
    expect(banner.style.getPropertyValue('--uk-banner-top')).toBe('60px')
  })

  it('shows no risk warning to visitors outside the UK', async () => {
    signedIn()
    renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })
    expect(screen.queryByRole('region', { name: 'Risk warning' })).not.toBeInTheDocument()
  })

  it('forgets the ended session: a new login is not signed out again by its refusal', async () => {
    let calls = 0
    signedIn({ getGross: () => (++calls === 1 ? fail('unauthorized', 401) : grossAnswer()) })
    const router = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Log in' })
    // The customer logs in again (the login form saves the new token) and comes back to the dashboard.
    saveJwtCookie('token-2', 24)
    await router.navigate('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(readJwtCookie()).toBe('token-2')
  })

  it('drops a revoked token and goes to /login', async () => {
    signedIn({ getGross: fail('unauthorized', 401) })
    const router = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Log in' })
    expect(router.state.location.pathname).toBe('/login')
    expect(readJwtCookie()).toBeNull()
  })

  it('shows the support mailbox and the company', async () => {
    signedIn()
    renderApp('/dashSupport')
    expect(await screen.findByRole('link', { name: 'support@helvex.example' })).toHaveAttribute(
      'href',
      'mailto:support@helvex.example',
    )
    expect(screen.getByText('Helvex Digital Markets AG')).toBeInTheDocument()
    expect(screen.getByText('Baarerstrasse 14, 6300 Zug, Switzerland')).toBeInTheDocument()
  })

  it('shows the account details with a way to edit them', async () => {
    const user = userEvent.setup()
    signedIn({
      getClientDetails: ok({
        data: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          address: '12 St James Square',
          city: 'London',
          postal: 'SW1Y 4JH',
          country: 'GB',
          phone: '+442079460000',
          email: 'ada@example.com',
        },
      }),
    })
    const router = renderApp('/dashAccount')
    expect(await screen.findByText('United Kingdom')).toBeInTheDocument()
    expect(screen.getByText('12 St James Square')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Edit details' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-details')
  })
})
