import { AGREEMENT_VERSION } from '@exchange/shared/agreement'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { resolveLocale, setActiveLocale } from '../../../lib/i18n/locale'
import { grossData } from '../../../test/fixtures'
import { fail, mockApi, ok, type MockAnswer } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { AgreementRecordsCard } from './agreement-records-card'
import { AgreementScreen, ConfirmAgreementScreen, DisclaimerScreen, ReturnAgreementScreen } from './agreement-screens'

const RECORD = {
  id: '6f1c0b3e-8a2d-4c5e-9f10-2b3c4d5e6f70',
  version: AGREEMENT_VERSION,
  signedAt: '2026-11-24T09:17:41.000Z',
  signerName: 'Ada Lovelace',
  fileName: `agreement-${AGREEMENT_VERSION}-signed-record.txt`,
  mediaType: 'text/plain',
  current: true,
} as {
  id: string
  version: string
  signedAt: string
  signerName: string
  fileName: string
  mediaType: string
  current: boolean
  language?: string
}

function statusAnswer(
  latest: 'sent' | 'signed' | 'declined' | null,
  records: (typeof RECORD)[] = latest === 'signed' ? [RECORD] : [],
): MockAnswer {
  return ok({
    data: {
      version: AGREEMENT_VERSION,
      signed: records.some((record) => record.current),
      latest: latest ? { status: latest, updatedAt: '2026-11-24T09:17:41.000Z' } : null,
      records,
    },
  })
}

function signedIn(handlers: Parameters<typeof mockApi>[0]) {
  saveJwtCookie('token-1', 24)
  return mockApi(handlers)
}

const at = (path: string, customer = grossData()) => ({ path, customer })

describe('the agreement screens', () => {
  it('disclaimer shows the key terms of the brand’s company and leads to the full text, then to signing', async () => {
    signedIn({ agreementStatus: statusAnswer(null) })
    const { router } = renderScreen(<DisclaimerScreen />, at('/dashboard-disclaimer'))
    expect(screen.getByRole('heading', { level: 1, name: 'Before you buy: our agreement' })).toBeInTheDocument()
    expect(screen.getByText(`Version ${AGREEMENT_VERSION}`)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What we do' })).toHaveTextContent(
      'Helvex Digital Markets AG sells you cryptoassets',
    )
    expect(screen.getByRole('region', { name: 'Law and courts' })).toHaveTextContent('The courts of Zug')
    await userEvent.click(screen.getByRole('link', { name: 'Read the full agreement' }))
    expect(router.state.location.pathname).toBe('/dashboard-agr')
  })

  it('agr shows every section with the company’s address, and continues to the confirmation', async () => {
    signedIn({})
    renderScreen(<AgreementScreen />, at('/dashboard-agr'))
    expect(screen.getByRole('region', { name: '1. Parties' })).toHaveTextContent(
      'Helvex Digital Markets AG, Baarerstrasse 14, 6300 Zug, Switzerland',
    )
    expect(screen.getByRole('region', { name: '5. Delivery and custody' })).toHaveTextContent(
      'We do not hold cryptoassets or money for you',
    )
    expect(screen.getByRole('link', { name: 'Continue to sign' })).toHaveAttribute('href', '/dashboard-agr1')
  })

  it('agr1 asks the full name when the details have none, checks it, and sends the browser to the signing page', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const api = signedIn({
      startDocusign: ok({
        data: { signingUrl: '/sandbox/esign/sign?envelope=sbx_1', version: AGREEMENT_VERSION, sandbox: true },
      }),
    })
    renderScreen(<ConfirmAgreementScreen />, at('/dashboard-agr1', grossData({ firstName: null, lastName: null })))
    expect(screen.getByText(/I have read the customer agreement with Helvex Digital Markets AG/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Your full name'), 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Go to signing' }))
    expect(await screen.findByText('Please enter your first and last name')).toBeInTheDocument()
    expect(api.callsTo('startDocusign')).toHaveLength(0)

    await userEvent.type(screen.getByLabelText('Your full name'), ' Lovelace')
    await userEvent.click(screen.getByRole('button', { name: 'Go to signing' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/esign/sign?envelope=sbx_1'))
    expect(api.callsTo('startDocusign')[0]?.body).toEqual({ brandName: 'Helvex', signerName: 'Ada Lovelace' })
    expect(screen.getByText('Test environment')).toBeInTheDocument()
  })

  it('agr1 signs with the details name and says when the partner is not answering', async () => {
    const api = signedIn({ startDocusign: fail('provider_unavailable', 503) })
    renderScreen(<ConfirmAgreementScreen />, at('/dashboard-agr1'))
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.queryByLabelText('Your full name')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to signing' }))
    expect(
      await screen.findByText('Our e-signature partner is not answering right now. Please try again in a minute.'),
    ).toBeInTheDocument()
    expect(api.callsTo('startDocusign')[0]?.body).toEqual({ brandName: 'Helvex' })
  })
})

describe('the agreement in the language the app speaks (decision 131)', () => {
  afterEach(() => setActiveLocale(resolveLocale('en')))

  it('agr shows the French text and its own version; agr1 signs that version', async () => {
    setActiveLocale(resolveLocale('fr'))
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const api = signedIn({
      startDocusign: ok({
        data: { signingUrl: '/sandbox/esign/sign?envelope=sbx_2', version: `${AGREEMENT_VERSION}-fr`, sandbox: true },
      }),
    })
    const { unmount } = renderScreen(<AgreementScreen />, at('/dashboard-agr'))
    expect(screen.getByText(`Version ${AGREEMENT_VERSION}-fr`)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: '5. Livraison et garde' })).toHaveTextContent(
      'Nous ne conservons ni cryptoactifs ni argent pour vous',
    )
    unmount()

    renderScreen(<ConfirmAgreementScreen />, at('/dashboard-agr1'))
    expect(
      screen.getByText(/J’ai lu le contrat client avec Helvex Digital Markets AG, version 2026-11-1-fr/),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to signing' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/esign/sign?envelope=sbx_2'))
    expect(api.callsTo('startDocusign')[0]?.body).toEqual({ brandName: 'Helvex', language: 'fr' })
  })

  it('the account names the language each agreement was signed in', async () => {
    signedIn({
      agreementStatus: statusAnswer('signed', [{ ...RECORD, version: `${AGREEMENT_VERSION}-de`, language: 'de' }]),
    })
    renderScreen(<AgreementRecordsCard download={async () => true} />, at('/dashAccount'))
    expect(
      await screen.findByText(/Version 2026-11-1-de \(in force\), signed by Ada Lovelace on .* \(Deutsch\)/),
    ).toBeInTheDocument()
  })
})

describe('ReturnAgreementScreen', () => {
  it('reads the stored status: waits while the notice is on its way, then says signed and continues', async () => {
    let calls = 0
    signedIn({ agreementStatus: () => (calls++ === 0 ? statusAnswer('sent') : statusAnswer('signed')) })
    const onContinue = vi.fn(async () => true)
    renderScreen(
      <ReturnAgreementScreen polling={{ intervalMs: 10, giveUpMs: 60_000 }} onContinue={onContinue} />,
      at('/dashboard-returnagr'),
    )
    expect(
      await screen.findByText('We are waiting for our e-signature partner to confirm your signature.'),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreement signed' })).toBeInTheDocument()
    expect(screen.getByText(/Thank you, Ada Lovelace\. You signed our customer agreement on/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onContinue).toHaveBeenCalledTimes(1)
  })

  it('a declined signature leads back to the agreement', async () => {
    signedIn({ agreementStatus: statusAnswer('declined') })
    renderScreen(<ReturnAgreementScreen onContinue={async () => false} />, at('/dashboard-returnagr'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreement not signed' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Read the agreement again' })).toHaveAttribute(
      'href',
      '/dashboard-disclaimer',
    )
  })
})

describe('AgreementRecordsCard', () => {
  it('lists the signed agreements with a download each, and asks to sign a version not signed yet', async () => {
    signedIn({ agreementStatus: statusAnswer('signed', [{ ...RECORD, version: 'older', current: false }]) })
    const download = vi.fn(async () => true as const)
    renderScreen(<AgreementRecordsCard download={download} />, at('/dashAccount'))
    expect(
      await screen.findByText(`Version ${AGREEMENT_VERSION} is not signed yet.`, { exact: false }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Read and sign it' })).toHaveAttribute('href', '/dashboard-disclaimer')
    await userEvent.click(screen.getByRole('button', { name: 'Download the agreement version older' }))
    expect(download).toHaveBeenCalledWith(RECORD.id, RECORD.fileName)
  })
})
