import { ClientDetails } from '@exchange/shared/clients.schemas'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { firstError } from '../../../lib/validation'
import { storedDetails } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { detailsRuleCopy } from '../messages'
import { DetailsScreen } from './details-screen'

describe('the details in German', () => {
  it('names the fields and says the shared rules in German', async () => {
    await switchLanguage('de')
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    mockApi({ getClientDetails: ok({ data: storedDetails() }) })
    renderScreen(<DetailsScreen />, { path: '/dashboard-details' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Angaben' })).toBeInTheDocument()
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '044 668 18 00')
    await user.click(screen.getByRole('button', { name: 'Angaben speichern' }))
    expect(await screen.findByText('Vorname ist erforderlich')).toBeInTheDocument()
    expect(screen.getByText('Bitte wählen Sie Ihr Land')).toBeInTheDocument()
    expect(
      screen.getByText('Die Telefonnummer muss im internationalen Format sein, z. B. +41 44 668 18 00'),
    ).toBeInTheDocument()
  })

  it('knows each shared rule’s message: word for word in English, translated in German', async () => {
    const cases = [
      ['firstName', undefined],
      ['firstName', 'x'.repeat(61)],
      ['lastName', 'Lovelace 2'],
      ['postal', 'SW1Y_4JH'],
      ['phone', '044 668 18 00'],
      ['city', undefined],
    ] as const
    const messages = cases.map(([field, value]) => [field, firstError(ClientDetails.shape[field], value)!] as const)
    for (const [field, message] of messages) expect(detailsRuleCopy(field, message)).toBe(message)
    await switchLanguage('de')
    for (const [field, message] of messages) expect(detailsRuleCopy(field, message), message).not.toBe(message)
  })
})
