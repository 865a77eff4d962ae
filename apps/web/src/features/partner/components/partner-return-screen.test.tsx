import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setTabToken } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { startPartnerVisit } from '../../../lib/partner-visit'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { PartnerReturnScreen } from './partner-return-screen'

const VISIT = {
  entry: 'E'.repeat(43),
  email: 'ada@example.com',
  known: true,
  partner: { slug: 'acme', displayName: 'Acme Wallet', brand: {} },
}

afterEach(() => setTabToken(null))

describe('the way back to the partner in German', () => {
  it('says in German that the customer could not be taken back yet, with a way to try again', async () => {
    startPartnerVisit(VISIT)
    mockApi({ mpOgReturn: fail('internal_error') })
    await switchLanguage('de')
    renderScreen(<PartnerReturnScreen />, { path: '/mp-returnog' })
    expect(await screen.findByText('Wir konnten Sie noch nicht zurückbringen')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
  })

  it('offers the link back to the partner in German from a frame', async () => {
    startPartnerVisit(VISIT)
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window)
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: vi.fn() } as unknown as Window)
    mockApi({ mpOgReturn: ok({ data: { url: 'https://acme.example/back', status: 'left' } }) })
    await switchLanguage('de')
    renderScreen(<PartnerReturnScreen />, { path: '/mp-returnog' })
    expect(await screen.findByRole('link', { name: 'Zurück zu Acme Wallet' })).toHaveAttribute(
      'href',
      'https://acme.example/back',
    )
    expect(screen.getByText('Ihr Besuch hier ist beendet.')).toBeInTheDocument()
  })
})
