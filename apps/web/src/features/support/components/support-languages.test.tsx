import { ERROR_COPY } from '@exchange/shared/error-copy'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { supportCatalog } from '../messages'
import { FILE_ERRORS } from '../support-copy'
import { ContactFormScreen } from './contact-form-screen'
import { SupportScreen } from './support-screen'

const AT = '2026-12-11T09:00:00.000Z'
const COMPLAINT = {
  number: 'T-000007',
  topic: 'complaint',
  status: 'answered',
  orderReference: 'ABCD234567',
  createdAt: AT,
  updatedAt: AT,
  acknowledgedAt: AT,
  responseDueAt: '2027-01-10T09:00:00.000Z',
}

beforeEach(() => saveJwtCookie('token-1', 24))

describe('support in German', () => {
  it('lists the requests, their status and the questions in German', async () => {
    mockApi({ listTickets: ok({ data: [COMPLAINT] }) })
    await switchLanguage('de')
    renderScreen(<SupportScreen download={vi.fn()} identityDuration="Die meisten Prüfungen dauern Minuten." />, {
      path: '/dashSupport',
    })
    expect(screen.getByRole('heading', { name: 'Ihre Anfragen' })).toBeInTheDocument()
    const complaint = await screen.findByRole('region', { name: 'Anfrage T-000007' })
    expect(within(complaint).getByRole('heading', { name: 'T-000007 · Eine Beschwerde' })).toBeInTheDocument()
    expect(within(complaint).getByText('Beantwortet')).toBeInTheDocument()
    expect(within(complaint).getByRole('button', { name: 'Lesen und antworten' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Fragen und Antworten' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Warum prüfen Sie meine Identität?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Schreiben Sie uns' })).toHaveAttribute('href', '/dashboard-contactus')
  })

  it('checks the contact form in German', async () => {
    mockApi({})
    await switchLanguage('de')
    renderScreen(<ContactFormScreen sendAttachment={vi.fn()} />, { path: '/dashboard-contactus' })
    expect(screen.getByRole('heading', { name: 'Kontakt' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    expect(await screen.findByText('Bitte wählen Sie, worum es in Ihrer Nachricht geht')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /Worum geht es\?/ })).toBeInTheDocument()
  })
})

describe('support’s English', () => {
  it('says the shared refusals of a file word for word', () => {
    for (const [code, key] of Object.entries(FILE_ERRORS))
      expect(supportCatalog.t(key), code).toBe(ERROR_COPY[code as keyof typeof ERROR_COPY])
  })
})
