import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'

/** The purchase's step indicator is on screen with `label` (Amount, Method, Details, Pay) as the current step. */
export function expectCurrentBuyStep(label: string) {
  const steps = screen.getByRole('navigation', { name: 'Steps of your purchase' })
  expect(within(steps).getByText(label).closest('li')).toHaveAttribute('aria-current', 'step')
}
