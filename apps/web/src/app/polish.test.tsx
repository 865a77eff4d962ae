import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { readJwtCookie, saveJwtCookie } from '../lib/cookies'
import { updateSessionState } from '../lib/session-state'
import { grossAnswer, orderSummary, ratesAnswer } from '../test/fixtures'
import { journeyAnswer } from '../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../test/mock-api'
import { renderApp } from '../test/render'

const BRAND = 'Helvex'

function publicApi(handlers: ApiHandlers = {}) {
  return mockApi({ getUkStatus: ok({ data: { isUk: false } }), ...handlers })
}

function signedIn(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  return mockApi({
    getGross: grossAnswer(),
    getUkStatus: ok({ data: { isUk: false } }),
    journeyStatus: journeyAnswer([]),
    getHpRates: ratesAnswer(),
    walletList: ok({ data: [] }),
    ...handlers,
  })
}

const historyOf = (orders: ReturnType<typeof orderSummary>[]) =>
  ok({ data: { orders, page: 1, pageSize: 10, total: orders.length } })

describe('document titles and the one h1 of each page', () => {
  it.each([
    ['/login', 'Log in'],
    ['/signup', 'Create your account'],
    ['/code', 'Check your e-mail'],
    ['/resetpass', 'Reset your password'],
    ['/redirect', 'Log in to continue'],
    ['/logjust', `Welcome to ${BRAND}`],
    ['/no-such-page', 'Page not found'],
  ])('%s is titled "%s – brand" and has exactly one h1', async (url, heading) => {
    // The code screens are for the e-mail being signed up, logged in or reset.
    updateSessionState({ username: 'ada@example.com', nextCodeAt: Date.now() + 30_000 })
    publicApi()
    renderApp(url)
    await waitFor(() => expect(document.title).toBe(`${heading} – ${BRAND}`))
    expect(document.querySelectorAll('h1')).toHaveLength(1)
  })

  it('titles a signed-in page by its heading', async () => {
    signedIn({ getHistory: historyOf([]) })
    renderApp('/dashboard-history')
    await waitFor(() => expect(document.title).toBe(`Order history – ${BRAND}`))
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})

describe('route changes announced to screen readers', () => {
  it('says nothing on the first page, then names the page each link leads to', async () => {
    const user = userEvent.setup()
    publicApi()
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Log in' })
    const live = document.querySelector('[aria-live="polite"][role="status"]')!
    expect(live).toHaveTextContent('')
    await user.click(screen.getByRole('link', { name: 'Create an account' }))
    await waitFor(() => expect(live).toHaveTextContent('Create your account'))
    expect(document.title).toBe(`Create your account – ${BRAND}`)
  })
})

describe('skip link', () => {
  it('is the first thing Tab reaches and moves the focus to the main content', async () => {
    const user = userEvent.setup()
    publicApi()
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Log in' })
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveFocus()
    await user.click(skip)
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('is there in the signed-in area, before the header', async () => {
    const user = userEvent.setup()
    signedIn({ getHistory: historyOf([]) })
    renderApp('/dashboard-history')
    await screen.findByRole('heading', { level: 1, name: 'Order history' })
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('main')).toHaveFocus()
  })
})

describe('the first invalid field of a refused submit', () => {
  it('is scrolled into view and focused', async () => {
    const user = userEvent.setup()
    publicApi()
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Log in' })
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(email).toHaveFocus())
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(scrolled.mock.contexts.at(-1)).toBe(email)
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'center' })
  })

  it('is the first one in the form when several are wrong', async () => {
    const user = userEvent.setup()
    publicApi()
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Log in' })
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus())
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('a signed-in visitor', () => {
  it.each(['/', '/login'])('opening %s is led to the dashboard', async (url) => {
    const { router } = (signedIn(), renderApp(url))
    expect(await screen.findByRole('heading', { level: 2, name: 'Buy crypto' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    await waitFor(() => expect(document.title).toBe(`Buy crypto – ${BRAND}`))
  })

  it('is not asked to log in on /logjust', async () => {
    signedIn()
    renderApp('/logjust')
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.getByText(/You are logged in/)).toBeInTheDocument()
  })

  it('sees the logged-in nav of the spec in the dashboard header', async () => {
    signedIn({ getHistory: historyOf([]) })
    renderApp('/dashboard-history')
    await screen.findByRole('heading', { level: 1, name: 'Order history' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Dashboard', 'Log Out'])
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(within(nav).getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout')
  })
})

describe('/redirect', () => {
  it('opened directly does not say a password was changed', async () => {
    publicApi()
    renderApp('/redirect')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to continue' })).toBeInTheDocument()
    expect(screen.queryByText(/password has been changed/)).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  })
})

describe('a stale session', () => {
  it('is told so on the login form, and logging in leads back to the page', async () => {
    const user = userEvent.setup()
    const api = signedIn({
      getHistory: fail('unauthorized', 401),
      homelogin: ok({ data: { token: 'token-2' } }),
    })
    const { router } = renderApp('/dashboard-history')
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.sessionEnded)
    expect(router.state.location.pathname).toBe('/login')
    expect(readJwtCookie()).toBeNull()
    expect(screen.queryByText(ALERT_MESSAGES.somethingWentWrong)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()

    api.fetchMock.mockClear()
    mockApi({
      getGross: grossAnswer(),
      getUkStatus: ok({ data: { isUk: false } }),
      journeyStatus: journeyAnswer([]),
      getHistory: historyOf([orderSummary({ statusName: 'completed' })]),
      homelogin: ok({ data: { token: 'token-2' } }),
    })
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-history')
    expect(readJwtCookie()).toBe('token-2')
  })

  it('leaves a token that was replaced meanwhile alone', async () => {
    signedIn({ getHistory: () => (saveJwtCookie('token-new', 24), fail('unauthorized', 401)) })
    renderApp('/dashboard-history')
    await waitFor(() => expect(readJwtCookie()).toBe('token-new'))
    // The 401 is handled: the history says it could not load, and no more.
    expect(await screen.findByText('We could not load your orders')).toBeInTheDocument()
    expect(screen.queryByText(ALERT_MESSAGES.sessionEnded)).not.toBeInTheDocument()
  })
})
