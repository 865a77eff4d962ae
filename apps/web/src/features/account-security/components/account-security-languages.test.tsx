import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CurrentPassword } from '@exchange/shared/account-security.schemas'
import { saveJwtCookie } from '../../../lib/cookies'
import { catalogLanguage } from '../../../lib/i18n/catalog'
import { switchLanguage } from '../../../lib/i18n/language'
import { firstError } from '../../../lib/validation'
import { grossData } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { accountSecurityCatalog } from '../messages'
import { CloseAccountForm } from './close-account-form'
import { LanguageSection } from './language-section'
import { PasswordChangeForm } from './password-change-form'
import { TwoFactorIntro } from './two-factor-setup'

const user = () => userEvent.setup({ delay: null })

function arrange() {
  saveJwtCookie('token-1', 24)
  return mockApi({ secondFactorStatus: ok({ data: { totp: false, recoveryCodesLeft: 0, passkeys: [] } }) })
}

describe('the account page in German', () => {
  it('shows the password form and its messages, the shared rule’s among them, in German', async () => {
    const u = user()
    const api = arrange()
    await switchLanguage('de')
    renderScreen(<PasswordChangeForm />, { path: '/dashAccount', customer: grossData() })
    expect(screen.getByRole('heading', { name: 'Passwort' })).toBeInTheDocument()
    await u.type(screen.getByLabelText(/Neues Passwort/), 'abc')
    await u.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(await screen.findByText('Geben Sie Ihr aktuelles Passwort ein')).toBeInTheDocument()
    expect(screen.getByText('Das Passwort muss mindestens 6 Zeichen lang sein')).toBeInTheDocument()
    expect(api.callsTo('changePassword')).toHaveLength(0)
  })

  it('names an order that keeps the account open with why, in German', async () => {
    const u = user()
    saveJwtCookie('token-1', 24)
    mockApi({
      secondFactorStatus: ok({ data: { totp: false, recoveryCodesLeft: 0, passkeys: [] } }),
      closeAccount: ok({
        closed: false,
        orders: [{ reference: 'ABCDEFGHIJ', status: 'processing', reason: 'The coins are being bought and sent.' }],
      }),
    })
    await switchLanguage('de')
    renderScreen(<CloseAccountForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/Aktuelles Passwort/), 'my phrase')
    await u.click(screen.getByRole('checkbox', { name: 'Ich verstehe, dass ich mich nicht mehr anmelden kann' }))
    await u.click(screen.getByRole('button', { name: 'Mein Konto schliessen' }))
    const blocked = await screen.findByRole('alert')
    expect(blocked).toHaveTextContent('Ihr Konto kann noch nicht geschlossen werden')
    expect(blocked).toHaveTextContent('Die Coins werden gekauft und gesendet')
  })

  it('shows two-factor sign-in’s first screen in German', async () => {
    arrange()
    await switchLanguage('de')
    renderScreen(<TwoFactorIntro />, { path: '/otp0', customer: grossData() })
    expect(
      screen.getByRole('heading', { name: 'Schützen Sie Ihr Konto mit einem zweiten Schritt' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Authenticator-App einrichten' })).toBeInTheDocument()
  })
})

describe('the account page’s language setting', () => {
  it('offers the four languages by their own names and switches the app to the one chosen', async () => {
    arrange()
    renderScreen(<LanguageSection />, { path: '/dashAccount', customer: grossData() })
    const select = screen.getByRole('combobox', { name: 'Your language' })
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Italiano',
    ])
    await user().selectOptions(select, 'fr')
    expect(await screen.findByRole('combobox', { name: 'Votre langue' })).toHaveValue('fr')
    expect(screen.getByRole('heading', { name: 'Langue' })).toBeInTheDocument()
    expect(catalogLanguage()).toBe('fr')
    expect(window.localStorage.getItem('language')).toBe('fr')
  })
})

describe('the account page’s English', () => {
  it('says the shared rule’s message for a missing current password word for word', () => {
    expect(accountSecurityCatalog.t('account-security.proof.passwordRequired')).toBe(firstError(CurrentPassword, ''))
  })
})
