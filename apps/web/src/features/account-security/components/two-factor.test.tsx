import * as WEB_PATHS from '@exchange/shared/web-paths'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { setupStore } from '../second-factor-store'
import { PasswordChangeForm } from './password-change-form'
import { PasskeysScreen, TwoFactorManage } from './two-factor-manage'
import { TwoFactorSection } from './two-factor-section'
import { RecoveryCodesScreen, TwoFactorConfirm, TwoFactorIntro, TwoFactorQr } from './two-factor-setup'

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'new-cred', rawId: 'new-cred', type: 'public-key', response: {} })),
  startAuthentication: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} })),
}))

const user = () => userEvent.setup({ delay: null })
const [OTP0, OTP1, OTP2, OTP3, OTP4, OTP5] = WEB_PATHS.securityCode
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(i).padStart(5, '2').replace(/[01]/g, '9')}`)
const PASSKEY = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Work laptop',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
}

const status = (data: Record<string, unknown> = {}) =>
  ok({ data: { totp: false, recoveryCodesLeft: 0, passkeys: [], ...data } })

function arrange(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  return mockApi({ secondFactorStatus: status(), ...handlers })
}

beforeEach(() => {
  setupStore.keepSetup(null)
  setupStore.keepRecoveryCodes(null)
})

describe('otp0 … otp3: setting up the authenticator app', () => {
  it('otp0 asks for the password, then otp1 shows the QR code and the secret in text', async () => {
    const u = user()
    const api = arrange({
      startTotp: (body) =>
        body.currentPassword === 'right one'
          ? ok({
              data: {
                secret: SECRET,
                otpauthUrl: `otpauth://totp/x?secret=${SECRET}`,
                qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
              },
            })
          : fail('invalid_credentials'),
    })
    const { router } = renderScreen(<TwoFactorIntro />, { path: OTP0, customer: grossData() })
    expect(screen.getByRole('heading', { name: 'Protect your account with a second step' })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Set up an authenticator app' }))
    expect(await screen.findByText('Type your current password')).toBeInTheDocument()
    expect(api.callsTo('startTotp')).toHaveLength(0)
    await u.type(screen.getByLabelText(/Current password/), 'wrong')
    await u.click(screen.getByRole('button', { name: 'Set up an authenticator app' }))
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument()
    await u.clear(screen.getByLabelText(/Current password/))
    await u.type(screen.getByLabelText(/Current password/), 'right one')
    await u.click(screen.getByRole('button', { name: 'Set up an authenticator app' }))
    await screen.findByText(`Page ${OTP1}`)
    expect(router.state.location.pathname).toBe(OTP1)
    expect(setupStore.setup()?.secret).toBe(SECRET)
  })

  it('otp1 shows the QR code and the key grouped in fours; without a set-up it starts again', async () => {
    arrange({})
    setupStore.keepSetup({
      secret: SECRET,
      otpauthUrl: 'otpauth://totp/x',
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    })
    const view = renderScreen(<TwoFactorQr />, { path: OTP1, customer: grossData() })
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    )
    expect(screen.getByLabelText('Your secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(screen.getByRole('link', { name: 'Next: type a code' })).toHaveAttribute('href', OTP2)
    view.unmount()
    setupStore.keepSetup(null)
    renderScreen(<TwoFactorQr />, { path: OTP1, customer: grossData() })
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', OTP0)
  })

  it('otp2 checks the code, turns the app on, and otp3 shows the ten codes once', async () => {
    const u = user()
    const api = arrange({
      confirmTotp: (body) =>
        body.code === '123456' ? ok({ data: { recoveryCodes: CODES } }) : fail('second_factor_invalid'),
    })
    const { router } = renderScreen(<TwoFactorConfirm />, { path: OTP2, customer: grossData() })
    await u.type(screen.getByLabelText(/Code from your app/), '12')
    await u.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Type the 6-digit code your app shows now')).toBeInTheDocument()
    expect(api.callsTo('confirmTotp')).toHaveLength(0)
    await u.clear(screen.getByLabelText(/Code from your app/))
    await u.type(screen.getByLabelText(/Code from your app/), '654321')
    await u.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText(/This code is not right/)).toBeInTheDocument()
    await u.clear(screen.getByLabelText(/Code from your app/))
    await u.type(screen.getByLabelText(/Code from your app/), '123 456')
    await u.click(screen.getByRole('button', { name: 'Turn on' }))
    await screen.findByText(`Page ${OTP3}`)
    expect(router.state.location.pathname).toBe(OTP3)
    expect(api.callsTo('confirmTotp').at(-1)!.body.code).toBe('123456')
    expect(setupStore.recoveryCodes()).toEqual(CODES)
  })

  it('otp3 lists the codes, asks that they are kept, then forgets them', async () => {
    const u = user()
    arrange({})
    setupStore.keepRecoveryCodes(CODES)
    const { router } = renderScreen(<RecoveryCodesScreen />, { path: OTP3, customer: grossData() })
    const list = screen.getByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(screen.getByRole('link', { name: 'Download as a file' })).toHaveAttribute('download', 'recovery-codes.txt')
    await u.click(screen.getByRole('button', { name: 'Done' }))
    expect(await screen.findByText('Tick this box once the codes are kept')).toBeInTheDocument()
    await u.click(screen.getByLabelText('I have kept these codes somewhere safe'))
    await u.click(screen.getByRole('button', { name: 'Done' }))
    await screen.findByText(`Page ${OTP4}`)
    expect(router.state.location.pathname).toBe(OTP4)
    expect(setupStore.recoveryCodes()).toBeNull()
  })

  it('otp3 opened again says the codes were shown once', () => {
    arrange({})
    renderScreen(<RecoveryCodesScreen />, { path: OTP3, customer: grossData() })
    expect(screen.getByText(/Recovery codes are shown only once/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Make new recovery codes' })).toHaveAttribute('href', OTP4)
  })
})

describe('otp4 and otp5: managing the factors', () => {
  it('otp4 asks the second factor before new recovery codes, and shows them on otp3', async () => {
    const u = user()
    const api = arrange({
      secondFactorStatus: status({ totp: true, recoveryCodesLeft: 7 }),
      renewRecoveryCodes: (body) =>
        (body.secondFactor as { code?: string } | undefined)?.code === '123456'
          ? ok({ data: { recoveryCodes: CODES } })
          : fail('second_factor_invalid', 200, { fields: { secondFactor: 'x' } }),
    })
    const { router } = renderScreen(<TwoFactorManage />, { path: OTP4, customer: grossData() })
    expect(await screen.findByText('7 of 10')).toBeInTheDocument()
    await u.type(screen.getByLabelText(/Current password/), 'right one')
    await u.click(screen.getByRole('button', { name: 'Make new recovery codes' }))
    expect(await screen.findByText(NEEDS)).toBeInTheDocument()
    expect(api.callsTo('renewRecoveryCodes')).toHaveLength(0)
    await u.type(screen.getByLabelText('Authenticator or recovery code'), '111111')
    await u.click(screen.getByRole('button', { name: 'Make new recovery codes' }))
    expect(await screen.findByText(/This code is not right/)).toBeInTheDocument()
    await u.clear(screen.getByLabelText('Authenticator or recovery code'))
    await u.type(screen.getByLabelText('Authenticator or recovery code'), '123456')
    await u.click(screen.getByRole('button', { name: 'Make new recovery codes' }))
    await screen.findByText(`Page ${OTP3}`)
    expect(router.state.location.pathname).toBe(OTP3)
    expect(api.callsTo('renewRecoveryCodes').at(-1)!.body).toMatchObject({
      currentPassword: 'right one',
      secondFactor: { code: '123456' },
    })
  })

  it('otp4 turns the app off with the password and a code', async () => {
    const u = user()
    const api = arrange({
      secondFactorStatus: status({ totp: true, recoveryCodesLeft: 10 }),
      disableTotp: ok(),
    })
    renderScreen(<TwoFactorManage />, { path: OTP4, customer: grossData() })
    await u.type(await screen.findByLabelText(/Current password/), 'right one')
    await u.type(screen.getByLabelText('Authenticator or recovery code'), 'ABCDE-FGHJK')
    await u.click(screen.getByRole('button', { name: 'Turn off the app' }))
    expect(await screen.findByText('Authenticator app turned off')).toBeInTheDocument()
    expect(api.callsTo('disableTotp')[0]!.body).toMatchObject({ secondFactor: { code: 'ABCDEFGHJK' } })
  })

  it('otp5 adds a named passkey through the browser and lists, renames and removes passkeys', async () => {
    const u = user()
    const api = arrange({
      secondFactorStatus: status({ passkeys: [PASSKEY], recoveryCodesLeft: 10 }),
      startPasskey: ok({ data: { challengeId: crypto.randomUUID(), options: { challenge: 'abc' } } }),
      addPasskey: ok({ data: { passkey: { ...PASSKEY, id: crypto.randomUUID(), name: 'Phone' } } }),
      renamePasskey: ok(),
      passkeyReauthOptions: ok({ data: { challengeId: crypto.randomUUID(), options: { challenge: 'def' } } }),
      removePasskey: ok(),
    })
    renderScreen(<PasskeysScreen />, { path: OTP5, customer: grossData() })
    const list = await screen.findByRole('list', { name: 'Your passkeys' })
    expect(within(list).getByText('Work laptop')).toBeInTheDocument()
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText('Give the passkey a name, such as "Work laptop"')).toBeInTheDocument()
    expect(api.callsTo('startPasskey')).toHaveLength(0)
    await u.type(screen.getByLabelText('Name of the new passkey'), 'Phone')
    await u.type(screen.getByLabelText(/Current password/), 'right one')
    // A passkey proves it is the customer, in place of a code.
    await u.click(screen.getByRole('button', { name: 'Use a passkey' }))
    expect(await screen.findByText('Your passkey confirmed it is you.')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText('Passkey added')).toBeInTheDocument()
    expect(api.callsTo('startPasskey')[0]!.body).toMatchObject({
      currentPassword: 'right one',
      secondFactor: { passkey: { response: { id: 'cred' } } },
    })
    expect(api.callsTo('addPasskey')[0]!.body).toMatchObject({ name: 'Phone', response: { id: 'new-cred' } })
    await u.click(screen.getByRole('button', { name: 'Rename Work laptop' }))
    await u.clear(screen.getByLabelText('Passkey name'))
    await u.type(screen.getByLabelText('Passkey name'), 'Old laptop')
    await u.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(api.callsTo('renamePasskey')[0]!.body).toMatchObject({ name: 'Old laptop' }))
    await u.type(screen.getByLabelText(/Current password/), 'right one')
    await u.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK')
    await u.click(screen.getByRole('button', { name: 'Remove Work laptop' }))
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument()
    expect(api.callsTo('removePasskey')[0]!.body).toMatchObject({
      passkeyId: PASSKEY.id,
      secondFactor: { code: 'ABCDEFGHJK' },
    })
  })
})

const NEEDS = 'Type a code from your authenticator app or a recovery code, or use a passkey'

describe('the account page and its forms with a second factor on', () => {
  it('lists the passkeys and leads to the settings', async () => {
    arrange({ secondFactorStatus: status({ totp: true, recoveryCodesLeft: 9, passkeys: [PASSKEY] }) })
    renderScreen(<TwoFactorSection />, { path: '/dashAccount', customer: grossData() })
    expect(await screen.findByRole('link', { name: 'Manage two-factor sign-in' })).toHaveAttribute('href', OTP4)
    expect(within(screen.getByRole('list', { name: 'Your passkeys' })).getByText('Work laptop')).toBeInTheDocument()
    expect(screen.getByText('· 9 recovery codes left')).toBeInTheDocument()
  })

  it('offers to turn it on when it is off', async () => {
    arrange({})
    renderScreen(<TwoFactorSection />, { path: '/dashAccount', customer: grossData() })
    expect(await screen.findByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute('href', OTP0)
  })

  it('the password change asks for the second factor in the shared "prove it\'s you" block', async () => {
    const u = user()
    const api = arrange({
      secondFactorStatus: status({ totp: true, recoveryCodesLeft: 10 }),
      changePassword: ok({ endedSessions: 0 }),
    })
    renderScreen(<PasswordChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(await screen.findByLabelText('Authenticator or recovery code'), '123456')
    await u.type(screen.getByLabelText(/Current password/), 'right one')
    await u.type(screen.getByLabelText(/New password/), 'a new phrase')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(api.callsTo('changePassword')[0]!.body).toEqual({
      brandName: expect.any(String),
      currentPassword: 'right one',
      secondFactor: { code: '123456' },
      newPassword: 'a new phrase',
    })
  })
})
