import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BuySteps } from './buy-steps'

describe('BuySteps', () => {
  it('lists amount, method, details and pay, marking the current step and the ones done', () => {
    render(
      <MantineProvider>
        <BuySteps current="method" />
      </MantineProvider>,
    )
    const nav = screen.getByRole('navigation', { name: 'Steps of your purchase' })
    const steps = within(nav).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual(['✓Amount (done)', '2Method', '3Details', '4Pay'])
    expect(steps[1]).toHaveAttribute('aria-current', 'step')
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1)
  })
})
