import type { StoredDocument } from '@exchange/shared/documents.schemas'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { UploadDocumentsScreen } from './upload-documents-screen'

const PASSPORT: StoredDocument = {
  id: '0b6f5f4e-8d7c-4b7a-9a3e-2f1d0c9b8a71',
  purpose: 'identity_document',
  fileName: 'passport.png',
  mediaType: 'image/png',
  sizeBytes: 48_213,
  createdAt: '2025-01-01T12:00:00.000Z',
}

interface FakeUpload {
  url: string
  headers: Record<string, string>
  body: FormData
  progress: (loaded: number, total: number) => void
  answer: (status: number, body: unknown) => void
}

/** A stand-in for XMLHttpRequest: each send is kept so the test can report progress and answer it. */
function fakeXhr() {
  const sent: FakeUpload[] = []
  class FakeXMLHttpRequest {
    status = 0
    responseText = ''
    private url = ''
    private headers: Record<string, string> = {}
    private listeners: Record<string, (() => void)[]> = {}
    private uploadListeners: ((event: ProgressEvent) => void)[] = []
    readonly upload = {
      addEventListener: (_type: string, listener: (event: ProgressEvent) => void) =>
        this.uploadListeners.push(listener),
    }
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    addEventListener(type: string, listener: () => void) {
      ;(this.listeners[type] ??= []).push(listener)
    }
    send(body: FormData) {
      sent.push({
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) => {
          for (const listener of this.uploadListeners)
            listener({ lengthComputable: true, loaded, total } as ProgressEvent)
        },
        answer: (status, answerBody) => {
          this.status = status
          this.responseText = JSON.stringify(answerBody)
          for (const listener of this.listeners.load ?? []) listener()
        },
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest)
  return sent
}

function png(name = 'passport.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' })
}

function renderUpload(files: StoredDocument[][]) {
  saveJwtCookie('token-1', 24)
  let listed = 0
  const api = mockApi({ listFiles: () => ok({ data: files[Math.min(listed++, files.length - 1)] }) })
  const sent = fakeXhr()
  const view = renderScreen(<UploadDocumentsScreen />, { path: '/dashboard-uploaddocs', customer: grossData() })
  return { api, sent, ...view }
}

describe('UploadDocumentsScreen', () => {
  it('lists what may be asked for and says when nothing was sent yet', async () => {
    renderUpload([[]])
    expect(screen.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeInTheDocument()
    const asked = screen.getByRole('region', { name: 'What we may ask for' })
    for (const label of ['Identity document:', 'Proof of address:', 'Source of funds evidence:', 'Support attachment:'])
      expect(within(asked).getByText(label)).toBeInTheDocument()
    expect(await screen.findByText('You have not sent any files yet.')).toBeInTheDocument()
  })

  it('sends a chosen file with its purpose and the token, shows its progress, then lists it', async () => {
    const user = userEvent.setup()
    const { sent } = renderUpload([[], [PASSPORT]])
    await screen.findByText('You have not sent any files yet.')
    await user.click(screen.getByRole('radio', { name: 'Proof of address' }))
    await user.upload(screen.getByTestId('file-picker'), png())

    await waitFor(() => expect(sent).toHaveLength(1))
    const upload = sent[0]!
    expect(upload.url).toBe('/v1/user/uploadFile')
    expect(upload.headers.authorization).toBe('Bearer token-1')
    expect(upload.body.get('purpose')).toBe('proof_of_address')
    expect(upload.body.get('brandName')).toBe('Helvex')
    expect((upload.body.get('file') as File).name).toBe('passport.png')

    const row = screen.getByRole('listitem', { name: 'passport.png' })
    upload.progress(40, 100)
    expect(await within(row).findByText('Sending… 40 %')).toBeInTheDocument()
    expect(within(row).getByRole('progressbar', { name: 'Upload of passport.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )

    upload.answer(200, { result: true, data: { ...PASSPORT, purpose: 'proof_of_address' } })
    expect(await within(row).findByText('Sent')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Files you have sent' })
    expect(within(list).getByText('passport.png')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Download passport.png' })).toBeInTheDocument()
  })

  it.each([
    [
      415,
      'file_type_not_allowed',
      'Only JPEG, PNG or PDF files can be uploaded. This file is none of these, whatever its name.',
    ],
    [413, 'file_too_large', 'This file is too large.'],
    [200, 'file_limit_reached', 'You have uploaded the most files allowed. Please contact support to send more.'],
  ])('shows the refusal %s %s in words and lists nothing new', async (status, error, message) => {
    const user = userEvent.setup()
    const { sent } = renderUpload([[]])
    await screen.findByText('You have not sent any files yet.')
    await user.upload(screen.getByTestId('file-picker'), png('holiday.png'))
    await waitFor(() => expect(sent).toHaveLength(1))
    sent[0]!.answer(status, { result: false, error })

    const row = screen.getByRole('listitem', { name: 'holiday.png' })
    expect(await within(row).findByRole('alert')).toHaveTextContent(message)
    expect(within(row).getByText('Not sent')).toBeInTheDocument()
    expect(await screen.findByText('You have not sent any files yet.')).toBeInTheDocument()
  })

  it('sends dropped files one after the other', async () => {
    const { sent } = renderUpload([[]])
    await screen.findByText('You have not sent any files yet.')
    const zone = screen.getByRole('group', { name: 'Drop files here' })
    const dataTransfer = { files: [png('front.png'), png('back.png')] }
    fireEvent.drop(zone, { dataTransfer })
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(screen.getByRole('listitem', { name: 'back.png' })).toHaveTextContent('Waiting')
    sent[0]!.answer(200, { result: true, data: { ...PASSPORT, fileName: 'front.png' } })
    await waitFor(() => expect(sent).toHaveLength(2))
    expect((sent[1]!.body.get('file') as File).name).toBe('back.png')
  })

  it('opens the file picker from a button reached by the keyboard', async () => {
    const user = userEvent.setup()
    renderUpload([[]])
    const picker = screen.getByTestId('file-picker') as HTMLInputElement
    const opened = vi.spyOn(picker, 'click')
    screen.getByRole('radio', { name: 'Identity document' }).focus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(opened).toHaveBeenCalled()
  })
})
