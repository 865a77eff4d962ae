import { JOURNEY_STEP_IDS } from '@exchange/shared/journey-steps'
import { STEP_COPY } from '@exchange/shared/step-copy'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { switchLanguage } from '../../lib/i18n/language'
import { journeyAnswer, owed } from '../../test/journey-fixtures'
import { mockApi } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { ChecksPanel } from './components/checks-panel'
import { stepCopy } from './journey-copy'

describe('the journey’s copy', () => {
  it('carries each step’s shared copy (STEP_COPY) word for word in English', () => {
    for (const id of JOURNEY_STEP_IDS) expect(stepCopy(id), id).toBe(STEP_COPY[id])
  })

  it('shows the checks in German, the shared step copy included', async () => {
    await switchLanguage('de')
    saveJwtCookie('token-1', 24)
    mockApi({ journeyStatus: journeyAnswer([owed('source_of_funds'), owed('identity', 'in_review')]) })
    renderScreen(<ChecksPanel />, { path: '/dashboard' })
    const panel = await screen.findByRole('region', { name: 'Ihre Prüfungen' })
    const step = within(panel).getByRole('listitem', { name: 'Herkunft der Mittel' })
    expect(within(step).getByText('Erforderlich')).toBeInTheDocument()
    expect(
      within(step).getByText(/^Sagen Sie uns, woher Ihr Geld stammt, und bestätigen Sie, dass es Ihnen gehört\./),
    ).toBeInTheDocument()
    expect(within(step).getByRole('link', { name: 'Fragen beantworten: Herkunft der Mittel' })).toBeInTheDocument()
  })
})
