import { ERROR_COPY } from '@exchange/shared/error-copy'
import { UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDateTime } from '../../../lib/format'
import { switchLanguage } from '../../../lib/i18n/language'
import { freezeClock } from '../../../test/frozen-clock'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { EARLIER_UK_STEPS_DONE, ukStatus } from '../../../test/uk-fixtures'
import { ukRiskCatalog } from '../messages'
import { STEP_ERRORS } from '../uk-steps-copy'
import { CoolingOffScreen } from './cooling-off-screen'
import { RiskWarningScreen } from './risk-warning-screen'

const NOTE_DE =
  'Der folgende Text wird auf Englisch angezeigt, da die Regeln der britischen Aufsichtsbehörde auf Englisch verfasst sind.'
const ENDS = '2026-03-02T09:00:00.000Z'

describe('the UK steps in German', () => {
  it('shows the cooling-off wait in German, its regulatory text in English under the note that says why', async () => {
    freezeClock(new Date('2026-03-01T10:00:00.000Z'))
    saveJwtCookie('token-1', 24)
    mockApi({
      ukStepsStatus: ukStatus({
        ...EARLIER_UK_STEPS_DONE,
        coolingOff: { state: 'waiting', startedAt: '2026-03-01T09:00:00.000Z', endsAt: ENDS },
      }),
    })
    await switchLanguage('de')
    renderScreen(<CoolingOffScreen onContinued={vi.fn()} />, { path: '/dashboard-prwait' })
    const wait = await screen.findByRole('region', { name: 'Ihre Bedenkzeit' })
    expect(within(wait).getByText(NOTE_DE)).toBeInTheDocument()
    expect(within(wait).getByText(UK_COOLING_OFF.explanation)).toHaveAttribute('lang', 'en')
    expect(within(wait).getByText(`Ihre Bedenkzeit endet am ${formatDateTime(ENDS)}.`)).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent('Verbleibende Zeit: etwa 23 Stunden.')
    expect(screen.getByRole('button', { name: 'Erneut prüfen' })).toBeInTheDocument()
  })

  it('keeps the personal risk warning and its choices in English, under the German note', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ ukStepsStatus: ukStatus() })
    await switchLanguage('de')
    renderScreen(<RiskWarningScreen onContinued={vi.fn()} onDetailsNeeded={vi.fn()} />, { path: '/dashboard-prk' })
    const dialog = await screen.findByRole('dialog', { name: /Ada Lovelace, this is a high-risk investment/ })
    expect(within(dialog).getByText(NOTE_DE)).toBeInTheDocument()
    expect(within(dialog).getByRole('group', { name: 'Ihre Wahl' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: UK_PERSONAL_RISK_WARNING.choices.leave })).toBeInTheDocument()
  })

  it('shows no note in English', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({ ukStepsStatus: ukStatus() })
    renderScreen(<RiskWarningScreen onContinued={vi.fn()} onDetailsNeeded={vi.fn()} />, { path: '/dashboard-prk' })
    const dialog = await screen.findByRole('dialog', { name: /Ada Lovelace, this is a high-risk investment/ })
    expect(within(dialog).queryByText(/shown in English/)).not.toBeInTheDocument()
  })
})

describe('the UK steps’ English', () => {
  it('says the shared refusals of a step word for word', () => {
    for (const [code, key] of Object.entries(STEP_ERRORS))
      expect(ukRiskCatalog.t(key), code).toBe(ERROR_COPY[code as keyof typeof ERROR_COPY])
  })
})
