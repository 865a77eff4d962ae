import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { grossData } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { UploadDocumentsScreen } from './upload-documents-screen'

describe('the documents screen in German', () => {
  it('names what we may ask for, the sending and the files sent in German', async () => {
    await switchLanguage('de')
    saveJwtCookie('token-1', 24)
    mockApi({
      listFiles: ok({
        data: [
          {
            id: '0b6f5f4e-8d7c-4b7a-9a3e-2f1d0c9b8a71',
            purpose: 'proof_of_address',
            fileName: 'bill.pdf',
            mediaType: 'application/pdf',
            sizeBytes: 48_213,
            createdAt: '2025-01-01T12:00:00.000Z',
          },
        ],
      }),
    })
    renderScreen(<UploadDocumentsScreen />, { path: '/dashboard-uploaddocs', customer: grossData() })
    expect(screen.getByRole('heading', { level: 1, name: 'Dokumente hochladen' })).toBeInTheDocument()
    expect(screen.getByRole('radiogroup', { name: 'Was senden Sie?' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Adressnachweis' })).toBeInTheDocument()
    const sent = await screen.findByRole('list', { name: 'Von Ihnen gesendete Dateien' })
    expect(within(sent).getByText(/^Adressnachweis · 47 KB · gesendet am/)).toBeInTheDocument()
    expect(within(sent).getByRole('button', { name: 'bill.pdf herunterladen' })).toBeInTheDocument()
  })
})
