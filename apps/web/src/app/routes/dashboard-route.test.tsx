import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { mockApi, ok } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { Component as DashboardRoute } from './dashboard-route'

describe('dashboard route', () => {
  it('sends a visitor without a session token to /login', async () => {
    const { router } = renderScreen(<DashboardRoute />, { path: '/dashboard' })
    await screen.findByText('Page /login')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('shows the navigation with Log Out working and the other sections not available yet', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ getGross: ok({ data: { details: { firstName: 'Ada', lastName: null, email: 'ada@example.com' }, userName: 'ada@example.com', pendingBalance: '0.00', agreementSum: '0.00', openOrder: [] } }) })
    renderScreen(<DashboardRoute />, { path: '/dashboard' })
    await screen.findByRole('heading', { name: 'Hello, Ada' })
    expect(screen.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout')
    for (const name of ['History', 'Account', 'Support']) expect(screen.getByRole('button', { name: new RegExp(name) })).toHaveAttribute('aria-disabled', 'true')
  })
})
