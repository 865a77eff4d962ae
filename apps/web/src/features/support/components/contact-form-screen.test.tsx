import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDate } from '../../../lib/format'
import { orderSummary } from '../../../test/fixtures'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ContactFormScreen, type SendAttachment } from './contact-form-screen'

const ORDER = orderSummary({ orderReference: 'ABCD234567', fiatAmount: '250.00', fiatCur: 'eur' })
const history = ok({ data: { orders: [ORDER], page: 1, pageSize: 50, total: 1, totalCapped: false, nextAfter: null } })
const DUE = '2027-01-10T09:00:00.000Z'
const opened = (body: Record<string, unknown>) =>
  ok({
    data: {
      number: 'T-001042',
      topic: body.topic,
      status: 'open',
      orderReference: body.orderReference ?? null,
      createdAt: '2026-12-11T09:00:00.000Z',
      updatedAt: '2026-12-11T09:00:00.000Z',
      acknowledgedAt: body.topic === 'complaint' ? '2026-12-11T09:00:00.000Z' : null,
      responseDueAt: body.topic === 'complaint' ? DUE : null,
      messages: [{ from: 'customer', body: body.message, at: '2026-12-11T09:00:00.000Z' }],
      attachments: [],
    },
  })

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })

function renderForm(sendAttachment: SendAttachment = vi.fn(async () => ({ id: crypto.randomUUID() }))) {
  renderScreen(<ContactFormScreen sendAttachment={sendAttachment} />, { path: '/dashboard-contactus' })
  return sendAttachment
}

beforeEach(() => saveJwtCookie('token-1', 24))

describe('the contact form', () => {
  it('asks for a topic and a message before it sends anything', async () => {
    const api = mockApi({ getHistory: history, openTicket: (body) => opened(body) })
    const send = renderForm()
    await userEvent.type(await screen.findByLabelText(/Your message/), 'hi')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please choose what your message is about')).toBeInTheDocument()
    expect(screen.getByText('Please write at least 5 characters')).toBeInTheDocument()
    expect(screen.getByLabelText(/What is it about/)).toHaveFocus()
    expect(api.callsTo('openTicket')).toHaveLength(0)
    expect(send).not.toHaveBeenCalled()
  })

  it('takes at most three files, and says so when more are chosen', async () => {
    mockApi({ getHistory: history })
    renderForm()
    const picker = await screen.findByTestId('support-files')
    fireEvent.change(picker, { target: { files: [png('a.png'), png('b.png'), png('c.png'), png('d.png')] } })
    expect(await screen.findByText('You can attach up to 3 files.')).toBeInTheDocument()
    expect(screen.getByText('a.png')).toBeInTheDocument()
    expect(screen.getByText('c.png')).toBeInTheDocument()
    expect(screen.queryByText('d.png')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.png' }))
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled()
    expect(screen.queryByText('You can attach up to 3 files.')).not.toBeInTheDocument()
  })

  it('sends the files, then the complaint about the order chosen, and shows its number and due date', async () => {
    const api = mockApi({ getHistory: history, openTicket: (body) => opened(body) })
    const ids = ['5d3c8a43-6c1e-4f0e-9a51-0f9c5b7f1a01', '5d3c8a43-6c1e-4f0e-9a51-0f9c5b7f1a02']
    const send = renderForm(vi.fn(async (file: File) => ({ id: file.name === 'a.png' ? ids[0]! : ids[1]! })))
    await userEvent.selectOptions(await screen.findByLabelText(/What is it about/), 'complaint')
    const order = screen.getByLabelText(/Which order/)
    await waitFor(() => expect(screen.getByRole('option', { name: /ABCD234567/ })).toBeInTheDocument())
    await userEvent.selectOptions(order, 'ABCD234567')
    await userEvent.type(screen.getByLabelText(/Your message/), 'I was charged twice for this order.')
    fireEvent.change(screen.getByTestId('support-files'), { target: { files: [png('a.png'), png('b.png')] } })
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Your request T-001042 is with our team')).toBeInTheDocument()
    expect(screen.getByText(new RegExp(`final answer by ${formatDate(DUE)}`))).toBeInTheDocument()
    expect(send).toHaveBeenCalledTimes(2)
    expect(api.callsTo('openTicket')[0]!.body).toEqual({
      brandName: 'Helvex',
      topic: 'complaint',
      orderReference: 'ABCD234567',
      message: 'I was charged twice for this order.',
      attachmentIds: ids,
    })
    expect(screen.getByRole('link', { name: 'See your requests' })).toHaveAttribute('href', '/dashSupport')
  })

  it('shows why a file was refused and opens no ticket', async () => {
    const api = mockApi({ getHistory: history, openTicket: fail('order_not_found') })
    renderForm(vi.fn(async () => ({ error: 'file_type_not_allowed' as const })))
    await userEvent.selectOptions(await screen.findByLabelText(/What is it about/), 'payment')
    await userEvent.type(screen.getByLabelText(/Your message/), 'My card was declined.')
    fireEvent.change(screen.getByTestId('support-files'), { target: { files: [png('scan.png')] } })
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^scan.png: Only JPEG, PNG or PDF files/)
    expect(api.callsTo('openTicket')).toHaveLength(0)
  })
})
