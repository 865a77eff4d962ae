import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { switchLanguage } from '../../../lib/i18n/language'
import { grossData } from '../../../test/fixtures'
import { renderScreen } from '../../../test/render'
import { CustomerGreeting } from './customer-greeting'

describe('CustomerGreeting', () => {
  it('greets the customer by name in English', () => {
    renderScreen(<CustomerGreeting />, { path: '/dashboard', customer: grossData() })
    expect(screen.getByRole('heading', { name: /^Hello, / })).toBeInTheDocument()
  })

  it('greets the customer by name in German', async () => {
    await switchLanguage('de')
    renderScreen(<CustomerGreeting />, { path: '/dashboard', customer: grossData() })
    expect(screen.getByRole('heading', { name: /^Hallo, / })).toBeInTheDocument()
  })
})
