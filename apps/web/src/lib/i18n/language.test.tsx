import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { commonCatalog } from '../common-copy'
import { saveJwtCookie } from '../cookies'
import { grossAnswer, ratesAnswer } from '../../test/fixtures'
import { mockApi, ok } from '../../test/mock-api'
import { renderApp } from '../../test/render'
import { catalogLanguage } from './catalog'
import { activeLocale } from './locale'

describe('the language switch', () => {
  // The screens' modules and the German catalogs transformed once before the tests time them (a busy runner takes
  // seconds for a first import); the e2e journeys load them as a browser does.
  beforeAll(async () => {
    await Promise.all([import('../../app/routes/public-screens'), commonCatalog.load('de'), commonCatalog.load('fr')])
  }, 60_000)

  // The first render of the app and a language's catalogs, on a runner busy with the api's tests, can take more than
  // the usual 10 s: these waits are on what the test is about, only longer.
  const long = { timeout: 40_000 }

  it('shows /login in German once German is chosen, remembers it and marks the page', async () => {
    mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Log in' }, long)).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')

    expect(await screen.findByRole('heading', { name: 'Anmelden' }, long)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Passwort vergessen?' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(window.localStorage.getItem('language')).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(catalogLanguage()).toBe('de')
    // Numbers and dates follow the language, with the home region the browser (en-US) does not name for German.
    expect(activeLocale()).toEqual({ language: 'de', locale: 'de-CH' })
  }, 90_000)

  it('says a shared rule’s message in the language in force', async () => {
    mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    renderApp('/login')
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }, long), 'fr')
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }, long))
    await waitFor(() => expect(screen.getByText('L’adresse e-mail est obligatoire')).toBeInTheDocument(), long)
  }, 90_000)

  it("speaks the customer's account language after login, unless this browser chose one", async () => {
    saveJwtCookie('token-1', 24)
    mockApi({
      getGross: grossAnswer({ language: 'de' }),
      getUkStatus: ok({ data: { isUk: false } }),
      getHpRates: ratesAnswer(),
      walletList: ok({ data: [] }),
    })
    renderApp('/dashboard-history')
    expect(await screen.findByRole('link', { name: 'Verlauf' }, long)).toBeInTheDocument()
    expect(window.localStorage.getItem('language')).toBeNull()
  }, 90_000)
})
