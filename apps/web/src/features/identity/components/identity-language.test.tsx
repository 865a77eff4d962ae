import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { grossData } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { IDENTITY_DURATION, identityDuration } from '../identity-copy'
import { AuthEndScreen } from './auth-end-screen'
import { AuthStartScreen } from './auth-start-screen'

const status = (value: string) => ok({ data: { status: value, message: null, updatedAt: '2025-01-01T12:00:00.000Z' } })

describe('the identity screens in German', () => {
  it('say what is needed and lead to the partner in German', async () => {
    await switchLanguage('de')
    saveJwtCookie('token-1', 24)
    mockApi({ identityStatus: status('none') })
    renderScreen(<AuthStartScreen />, { path: '/dashboard-authstart', customer: grossData() })
    expect(screen.getByRole('heading', { level: 1, name: 'Bestätigen Sie Ihre Identität' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Was Sie brauchen' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Identitätsprüfung starten' })).toBeInTheDocument()
  })

  it('say the final refusal with the support address in German', async () => {
    await switchLanguage('de')
    saveJwtCookie('token-1', 24)
    mockApi({ identityStatus: status('rejected') })
    renderScreen(<AuthEndScreen />, { path: '/dashboard-authend', customer: grossData() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wir konnten Ihre Identität nicht bestätigen' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Support kontaktieren' })).toBeInTheDocument()
    expect(screen.getByText(/^Bitte kontaktieren Sie unser Support-Team unter/)).toBeInTheDocument()
  })

  it('say how long a check takes as the English constant does', () => {
    expect(identityDuration()).toBe(IDENTITY_DURATION)
  })
})
