import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readJwtCookie, saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { DashboardHome } from './dashboard-home'

const gross = (firstName: string | null, lastName: string | null) =>
  ok({ data: { details: { firstName, lastName, email: 'ada@example.com' }, userName: 'ada@example.com', pendingBalance: '0.00', agreementSum: '0.00', openOrder: [] } })

describe('DashboardHome', () => {
  it('greets the customer by first and last name and shows the e-mail', async () => {
    saveJwtCookie('token-1', 24)
    const api = mockApi({ getGross: gross('Ada', 'Lovelace') })
    renderScreen(<DashboardHome />, { path: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    expect(api.callsTo('getGross')[0]?.headers.authorization).toBe('Bearer token-1')
    expect(getSessionState()).toMatchObject({ clientName: 'Ada Lovelace', clientEmail: 'ada@example.com' })
  })

  it('greets with the default greeting when the names are empty', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ getGross: gross(null, '') })
    renderScreen(<DashboardHome />, { path: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Hello, there' })).toBeInTheDocument()
  })

  it('drops a revoked token and goes to /login', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ getGross: fail('unauthorized', 401) })
    const { router } = renderScreen(<DashboardHome />, { path: '/dashboard' })
    await screen.findByText('Page /login')
    expect(router.state.location.pathname).toBe('/login')
    expect(readJwtCookie()).toBeNull()
  })
})
