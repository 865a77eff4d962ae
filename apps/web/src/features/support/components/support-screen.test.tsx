import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDate } from '../../../lib/format'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { SupportScreen } from './support-screen'

const AT = '2026-12-11T09:00:00.000Z'
const DUE = '2027-01-10T09:00:00.000Z'
const summary = (number: string, extra: Record<string, unknown>) => ({
  number,
  topic: 'payment',
  status: 'open',
  orderReference: null,
  createdAt: AT,
  updatedAt: AT,
  acknowledgedAt: null,
  responseDueAt: null,
  ...extra,
})
const COMPLAINT = summary('T-000007', {
  topic: 'complaint',
  status: 'answered',
  orderReference: 'ABCD234567',
  acknowledgedAt: AT,
  responseDueAt: DUE,
})
const CLOSED = summary('T-000003', { topic: 'wallet', status: 'closed' })
const FILE = { id: '5d3c8a43-6c1e-4f0e-9a51-0f9c5b7f1a01', fileName: 'statement.pdf', mediaType: 'application/pdf' }
const thread = (ticket: Record<string, unknown>, messages: { from: string; body: string }[]) =>
  ok({ data: { ...ticket, messages: messages.map((m) => ({ ...m, at: AT })), attachments: [FILE] } })

beforeEach(() => saveJwtCookie('token-1', 24))

function renderSupport() {
  const download = vi.fn()
  renderScreen(<SupportScreen download={download} identityDuration="Most checks take minutes." />, {
    path: '/dashSupport',
  })
  return download
}

describe('/dashSupport', () => {
  it("lists the customer's requests with their status and a complaint's due date", async () => {
    mockApi({ listTickets: ok({ data: [COMPLAINT, CLOSED] }) })
    renderSupport()
    const complaint = await screen.findByRole('region', { name: 'Request T-000007' })
    expect(within(complaint).getByRole('heading', { name: 'T-000007 · A complaint' })).toBeInTheDocument()
    expect(within(complaint).getByText('Answered')).toBeInTheDocument()
    expect(within(complaint).getByText(/order ABCD234567/)).toBeInTheDocument()
    expect(within(complaint).getByText(formatDate(DUE))).toBeInTheDocument()
    const closed = screen.getByRole('region', { name: 'Request T-000003' })
    expect(within(closed).getByText('Closed')).toBeInTheDocument()
    expect(within(closed).queryByText(/final answer is due/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/dashboard-contactus')
  })

  it('opens a thread with the answers and its files, and sends the customer reply', async () => {
    const api = mockApi({
      listTickets: ok({ data: [COMPLAINT] }),
      getTicket: thread(COMPLAINT, [
        { from: 'customer', body: 'I was charged twice.' },
        { from: 'support', body: 'We are looking into it.' },
      ]),
      replyTicket: (body) =>
        thread({ ...COMPLAINT, status: 'open' }, [
          { from: 'customer', body: 'I was charged twice.' },
          { from: 'support', body: 'We are looking into it.' },
          { from: 'customer', body: String(body.message) },
        ]),
    })
    const download = renderSupport()
    await userEvent.click(await screen.findByRole('button', { name: 'Read and answer' }))
    expect(await screen.findByText('We are looking into it.')).toBeInTheDocument()
    expect(screen.getByText(/^Support team/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'statement.pdf' }))
    expect(download).toHaveBeenCalledWith(FILE.id, 'statement.pdf')

    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByText('Please write at least 5 characters')).toBeInTheDocument()
    expect(api.callsTo('replyTicket')).toHaveLength(0)
    await userEvent.type(screen.getByLabelText(/Your answer/), 'Thank you, here is my statement.')
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(api.callsTo('replyTicket')[0]!.body).toEqual({
      brandName: 'Helvex',
      number: 'T-000007',
      message: 'Thank you, here is my statement.',
    })
    expect(await screen.findByLabelText(/Your answer/)).toHaveValue('')
  })

  it('offers no answer in a closed request', async () => {
    mockApi({
      listTickets: ok({ data: [CLOSED] }),
      getTicket: thread(CLOSED, [{ from: 'customer', body: 'How do I prove my wallet?' }]),
    })
    renderSupport()
    await userEvent.click(await screen.findByRole('button', { name: 'Read and answer' }))
    expect(await screen.findByText(/This request is closed/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument()
  })

  it('answers the common questions: fees, payment times, identity and wallet checks', async () => {
    mockApi({ listTickets: ok({ data: [] }) })
    renderSupport()
    expect(await screen.findByText(/You have not written to us yet/)).toBeInTheDocument()
    for (const question of [
      'What do you charge?',
      'How long does each way of paying take?',
      'Why do you check my identity?',
      'Why must I prove my wallet?',
    ])
      expect(screen.getByRole('button', { name: question })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Why do you check my identity?' }))
    expect(await screen.findByText('Most checks take minutes.')).toBeInTheDocument()
  })
})
