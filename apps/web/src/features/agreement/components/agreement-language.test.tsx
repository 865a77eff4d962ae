import { AGREEMENT_VERSION } from '@exchange/shared/agreement'
import { SignerName } from '@exchange/shared/agreement.schemas'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { grossData } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { AgreementRecordsCard } from './agreement-records-card'
import { ConfirmAgreementScreen, DisclaimerScreen } from './agreement-screens'
import { signerNameMessage } from './use-sign-agreement'

const RECORD = {
  id: '6f1c0b3e-8a2d-4c5e-9f10-2b3c4d5e6f70',
  version: `${AGREEMENT_VERSION}-de`,
  signedAt: '2026-11-24T09:17:41.000Z',
  signerName: 'Ada Lovelace',
  fileName: `agreement-${AGREEMENT_VERSION}-de-signed-record.txt`,
  mediaType: 'text/plain',
  current: true,
  language: 'de',
}

function signedIn(records: (typeof RECORD)[] = []) {
  saveJwtCookie('token-1', 24)
  return mockApi({
    agreementStatus: ok({
      data: {
        version: `${AGREEMENT_VERSION}-de`,
        signed: records.some((record) => record.current),
        latest: records.length > 0 ? { status: 'signed', updatedAt: RECORD.signedAt } : null,
        records,
      },
    }),
  })
}

describe('the agreement screens in German', () => {
  it('the disclaimer shows its own texts and the German agreement', async () => {
    await switchLanguage('de')
    signedIn()
    renderScreen(<DisclaimerScreen />, { path: '/dashboard-disclaimer', customer: grossData() })
    expect(screen.getByRole('heading', { level: 1, name: 'Vor dem Kauf: unser Vertrag' })).toBeInTheDocument()
    expect(
      screen.getByText(/^Um bei uns zu kaufen, unterschreiben Sie einmal unseren Kundenvertrag/),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Was wir tun' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Den vollständigen Vertrag lesen' })).toHaveAttribute(
      'href',
      '/dashboard-agr',
    )
  })

  it('the signing asks the full name and checks it in German', async () => {
    await switchLanguage('de')
    signedIn()
    renderScreen(<ConfirmAgreementScreen />, {
      path: '/dashboard-agr1',
      customer: grossData({ firstName: null, lastName: null }),
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Den Vertrag unterschreiben' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Ihr vollständiger Name'), 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Zur Unterschrift' }))
    expect(await screen.findByText('Bitte geben Sie Ihren Vor- und Nachnamen ein')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zurück zum Vertrag' })).toHaveAttribute('href', '/dashboard-agr')
  })

  it('the account card lists a signed agreement in German', async () => {
    await switchLanguage('de')
    signedIn([RECORD])
    renderScreen(<AgreementRecordsCard download={async () => true} />, { path: '/dashAccount', customer: grossData() })
    expect(await screen.findByRole('heading', { level: 2, name: 'Kundenvertrag' })).toBeInTheDocument()
    expect(
      screen.getByText(/^Version 2026-11-1-de \(in Kraft\), unterschrieben von Ada Lovelace am .* \(Deutsch\)$/),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: `Den Vertrag Version ${AGREEMENT_VERSION}-de herunterladen` }),
    ).toBeInTheDocument()
  })
})

describe("the signer's name rule", () => {
  const messages = ['', `Ada ${'x'.repeat(100)}`, 'Ada'].map((name) => {
    const checked = SignerName.safeParse(name)
    return checked.success ? '' : checked.error.issues[0]!.message
  })

  it('has each shared English message word for word', () => {
    expect(messages).toEqual([
      'Please enter your full name',
      'Please enter at most 100 characters',
      'Please enter your first and last name',
    ])
    for (const message of messages) expect(signerNameMessage(message)).toBe(message)
  })

  it('says each of them in German', async () => {
    await switchLanguage('de')
    expect(messages.map(signerNameMessage)).toEqual([
      'Bitte geben Sie Ihren vollständigen Namen ein',
      'Bitte geben Sie höchstens 100 Zeichen ein',
      'Bitte geben Sie Ihren Vor- und Nachnamen ein',
    ])
  })
})
