import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { ratesAnswer } from '../../../test/fixtures'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { BuyCalculator } from './buy-calculator'

describe('the calculator in German', () => {
  it('names its fields, its prices and its messages in German', async () => {
    await switchLanguage('de')
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    mockApi({ getHpRates: ratesAnswer() })
    renderScreen(<BuyCalculator />, { path: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Preisdetails' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Krypto kaufen' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Währung, in der Sie zahlen' })).toHaveValue('EUR – Euro')
    expect(await screen.findByText('Preis für 15 Minuten fest, sobald Sie den Auftrag starten')).toBeInTheDocument()
    const youReceive = screen.getByRole('textbox', { name: 'Sie erhalten' })
    await user.clear(youReceive)
    await user.type(youReceive, '0.123456789')
    expect(screen.getByText('Geben Sie eine Zahl mit höchstens 8 Dezimalstellen ein')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'BTC kaufen' })).toBeInTheDocument()
  })
})
