import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { LogoutScreen } from './logout-screen'

describe('LogoutScreen in German', () => {
  it('says it is logging out in German while the server answers', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ logout: ok() })
    await switchLanguage('de')
    renderScreen(<LogoutScreen />, { path: '/logout' })
    // Shown at once, while the server is asked; then the login form.
    expect(screen.getByRole('status', { name: 'Abmeldung läuft' })).toBeInTheDocument()
    await screen.findByText('Page /login')
  })
})
