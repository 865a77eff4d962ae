import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readJwtCookie, saveJwtCookie } from '../../../lib/cookies'
import { getCurrentOrder, saveCurrentOrder } from '../../../lib/current-order'
import { getSessionState, updateSessionState } from '../../../lib/session-state'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { LogoutScreen } from './logout-screen'

function arrangeSignedInCustomer() {
  saveJwtCookie('token-1', 24)
  updateSessionState({ username: 'ada@example.com', clientName: 'Ada Lovelace', clientEmail: 'ada@example.com' })
  saveCurrentOrder({ orderAmount: '250.00', cryptoCur: 'eth' })
}

describe('LogoutScreen', () => {
  it('revokes the session on the server with the Bearer token', async () => {
    arrangeSignedInCustomer()
    const api = mockApi({ logout: ok() })
    renderScreen(<LogoutScreen />, { path: '/logout' })
    await screen.findByText('Page /login')
    expect(api.callsTo('logout')[0]?.headers.authorization).toBe('Bearer token-1')
    expect(api.callsTo('logout')[0]?.body).toEqual({ brandName: 'Helvex' })
  })

  it('clears the session state, the current order and the cookie, then goes to /login', async () => {
    arrangeSignedInCustomer()
    mockApi({ logout: ok() })
    const { router } = renderScreen(<LogoutScreen />, { path: '/logout' })
    await screen.findByText('Page /login')
    expect(router.state.location.pathname).toBe('/login')
    expect(readJwtCookie()).toBeNull()
    expect(getSessionState().username).toBeNull()
    expect(window.localStorage.getItem('lastOrder')).toBeNull()
    expect(getCurrentOrder()).toMatchObject({ fiatCur: 'eur', cryptoCur: 'btc', orderType: 'buy', orderAmount: null })
  })

  it('still clears everything when the server cannot be reached', async () => {
    arrangeSignedInCustomer()
    mockApi({})
    renderScreen(<LogoutScreen />, { path: '/logout' })
    await screen.findByText('Page /login')
    expect(readJwtCookie()).toBeNull()
    expect(getSessionState().username).toBeNull()
  })

  it('sends no logout call without a token', async () => {
    const api = mockApi({ logout: ok() })
    renderScreen(<LogoutScreen />, { path: '/logout' })
    await screen.findByText('Page /login')
    expect(api.fetchMock).not.toHaveBeenCalled()
  })
})
