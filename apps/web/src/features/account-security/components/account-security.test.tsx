import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { CloseAccountForm } from './close-account-form'
import { EmailChangeForm } from './email-change-form'
import { PasswordChangeForm } from './password-change-form'
import { SessionsList } from './sessions-list'

const user = () => userEvent.setup({ delay: null })

function arrange(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  return mockApi(handlers)
}

const SESSIONS = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    device: 'Chrome on macOS',
    place: 'Switzerland · 203.0.113.x',
    startedAt: '2026-11-29T08:00:00.000Z',
    lastSeenAt: '2026-11-29T10:00:00.000Z',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    device: 'Firefox on Windows',
    place: '198.51.100.x',
    startedAt: '2026-11-28T08:00:00.000Z',
    lastSeenAt: '2026-11-28T09:00:00.000Z',
    current: false,
  },
]

describe('PasswordChangeForm', () => {
  it('checks both fields before sending anything', async () => {
    const u = user()
    const api = arrange({})
    renderScreen(<PasswordChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/New password/), 'abc')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Type your current password')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(api.callsTo('changePassword')).toHaveLength(0)
  })

  it('says so under the field when the current password is wrong', async () => {
    const u = user()
    arrange({ changePassword: fail('invalid_credentials') })
    renderScreen(<PasswordChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/Current password/), 'wrong one')
    await u.type(screen.getByLabelText(/New password/), 'a new phrase')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument()
  })

  it('sends both passwords and tells how many devices were signed out', async () => {
    const u = user()
    const api = arrange({ changePassword: ok({ endedSessions: 2 }) })
    renderScreen(<PasswordChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/Current password/), 'old phrase')
    await u.type(screen.getByLabelText(/New password/), 'a new phrase')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(/2 other devices were signed out/)).toHaveTextContent(
      'for the next 24 hours your coins go only to wallets we have sent coins to before',
    )
    expect(api.callsTo('changePassword')[0]!.body).toMatchObject({
      currentPassword: 'old phrase',
      newPassword: 'a new phrase',
    })
  })
})

describe('SessionsList', () => {
  it('lists each device with its place, marks this one, and signs another out', async () => {
    const u = user()
    const api = arrange({ listSessions: ok({ data: SESSIONS }), endSession: ok() })
    renderScreen(<SessionsList />, { path: '/dashAccount', customer: grossData() })
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    expect(within(list).getByText('Chrome on macOS')).toBeInTheDocument()
    expect(within(list).getByText('This device')).toBeInTheDocument()
    expect(within(list).getByText(/Switzerland · 203\.0\.113\.x/)).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }))
    expect(await screen.findByText('Firefox on Windows is signed out.')).toBeInTheDocument()
    expect(api.callsTo('endSession')[0]!.body).toMatchObject({ sessionId: SESSIONS[1]!.id })
  })

  it('signs out everywhere else', async () => {
    const u = user()
    arrange({ listSessions: ok({ data: SESSIONS }), endOtherSessions: ok({ endedSessions: 1 }) })
    renderScreen(<SessionsList />, { path: '/dashAccount', customer: grossData() })
    await u.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('1 other device signed out.')).toBeInTheDocument()
  })

  it('signing out this device leads to the logout page', async () => {
    const u = user()
    arrange({ listSessions: ok({ data: SESSIONS }), endSession: ok() })
    renderScreen(<SessionsList />, { path: '/dashAccount', customer: grossData() })
    await u.click(await screen.findByRole('button', { name: 'Sign out Chrome on macOS (this device)' }))
    expect(await screen.findByText('Page /logout')).toBeInTheDocument()
  })
})

describe('EmailChangeForm', () => {
  it('checks the address, sends the code, then confirms it', async () => {
    const u = user()
    const api = arrange({
      startEmailChange: ok({ retryAfterSeconds: 30 }),
      confirmEmailChange: ok({ email: 'new@example.com' }),
    })
    renderScreen(<EmailChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/New e-mail address/), 'not an address')
    await u.click(screen.getByRole('button', { name: 'Send code to new address' }))
    expect(await screen.findByText('E-mail must be valid')).toBeInTheDocument()
    await u.clear(screen.getByLabelText(/New e-mail address/))
    await u.type(screen.getByLabelText(/New e-mail address/), 'New@Example.com')
    await u.type(screen.getByLabelText(/Current password/), 'my phrase')
    await u.click(screen.getByRole('button', { name: 'Send code to new address' }))
    expect(await screen.findByText('new@example.com')).toBeInTheDocument()
    expect(api.callsTo('startEmailChange')[0]!.body).toMatchObject({
      newEmail: 'new@example.com',
      currentPassword: 'my phrase',
    })
    await u.type(screen.getByLabelText(/Code from the e-mail/), '12345')
    await u.click(screen.getByRole('button', { name: 'Confirm new address' }))
    expect(await screen.findByText(/We now write to new@example.com/)).toBeInTheDocument()
  })

  it('tells a wrong code', async () => {
    const u = user()
    arrange({ startEmailChange: ok({ retryAfterSeconds: 30 }), confirmEmailChange: fail('code_invalid') })
    renderScreen(<EmailChangeForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/New e-mail address/), 'new@example.com')
    await u.type(screen.getByLabelText(/Current password/), 'my phrase')
    await u.click(screen.getByRole('button', { name: 'Send code to new address' }))
    await u.type(await screen.findByLabelText(/Code from the e-mail/), '12345')
    await u.click(screen.getByRole('button', { name: 'Confirm new address' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not right')
  })
})

describe('CloseAccountForm', () => {
  it('asks for the tick and the password, then names the orders that block it', async () => {
    const u = user()
    const api = arrange({
      closeAccount: ok({
        closed: false,
        orders: [{ reference: 'ABCDEFGHIJ', status: 'processing', reason: 'The coins are being bought and sent.' }],
      }),
    })
    renderScreen(<CloseAccountForm />, { path: '/dashAccount', customer: grossData() })
    await u.click(screen.getByRole('button', { name: 'Close my account' }))
    expect(await screen.findByText(/Tick this box/)).toBeInTheDocument()
    expect(api.callsTo('closeAccount')).toHaveLength(0)
    await u.type(screen.getByLabelText(/Current password/), 'my phrase')
    await u.click(screen.getByRole('checkbox', { name: /no longer be able to sign in/ }))
    await u.click(screen.getByRole('button', { name: 'Close my account' }))
    const blocked = await screen.findByRole('alert')
    expect(blocked).toHaveTextContent('ABCDEFGHIJ')
    expect(blocked).toHaveTextContent('The coins are being bought and sent.')
  })

  it('closed, it leads to the logout page', async () => {
    const u = user()
    arrange({ closeAccount: ok({ closed: true }) })
    renderScreen(<CloseAccountForm />, { path: '/dashAccount', customer: grossData() })
    await u.type(screen.getByLabelText(/Current password/), 'my phrase')
    await u.click(screen.getByRole('checkbox', { name: /no longer be able to sign in/ }))
    await u.click(screen.getByRole('button', { name: 'Close my account' }))
    expect(await screen.findByText('Page /logout')).toBeInTheDocument()
  })
})
