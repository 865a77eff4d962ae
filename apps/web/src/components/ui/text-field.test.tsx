import { MantineProvider, TextInput } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TextField } from './text-field'

/** Each part's class names and data attributes, in document order: what Mantine's stylesheet matches. */
function parts(root: HTMLElement) {
  return [root, ...root.querySelectorAll('*')].map((element) => ({
    tag: element.tagName,
    classes: [...element.classList].sort(),
    data: [...element.attributes]
      .filter((attribute) => attribute.name.startsWith('data-'))
      .map((attribute) => `${attribute.name}=${attribute.value}`)
      .sort(),
  }))
}

describe('TextField, Mantine markup without Mantine (decision 060)', () => {
  it.each([
    { label: 'Amount', description: undefined, error: undefined },
    { label: 'Amount', description: 'Between 25 and 15,000 EUR', error: undefined },
    { label: 'Amount', description: 'Between 25 and 15,000 EUR', error: 'The amount is too low' },
  ])(
    'has the classes and attributes of Mantine’s own input ($description, $error)',
    ({ label, description, error }) => {
      render(
        <MantineProvider>
          <div data-testid="mantine">
            <TextInput size="md" label={label} description={description} error={error} />
          </div>
          <div data-testid="ours">
            <TextField label={label} description={description} error={error} />
          </div>
        </MantineProvider>,
      )
      // A Mantine upgrade that renames its classes or changes its markup fails here, not on a customer's screen.
      expect(parts(screen.getByTestId('ours').firstElementChild as HTMLElement)).toEqual(
        parts(screen.getByTestId('mantine').firstElementChild as HTMLElement),
      )
    },
  )

  it('ties its label, description and error to the input for screen readers', () => {
    render(<TextField label="Amount" description="Between 25 and 15,000 EUR" error="The amount is too low" />)
    const input = screen.getByRole('textbox', { name: 'Amount' })
    expect(input).toHaveAccessibleDescription('The amount is too low Between 25 and 15,000 EUR')
    expect(input).toBeInvalid()
  })
})
