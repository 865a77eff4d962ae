import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect, useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { focusFirstInvalidOnSubmit } from './page-a11y'

/** Two invalid fields; the form's own handler focuses the second, as a form with its own field order does. */
function FormThatFocusesItself({ own }: { own: boolean }) {
  const second = useRef<HTMLInputElement>(null)
  useEffect(focusFirstInvalidOnSubmit, [])
  return (
    <form
      aria-label="Answers"
      onSubmit={(event) => {
        event.preventDefault()
        if (own) second.current?.focus()
      }}
    >
      <input aria-label="First" aria-invalid="true" />
      <input aria-label="Second" aria-invalid="true" ref={second} />
      <button type="submit">Save</button>
    </form>
  )
}

describe('the first invalid field of a refused submit', () => {
  it('is focused when the form leaves the focus where it was', async () => {
    render(<FormThatFocusesItself own={false} />)
    screen.getByRole('button', { name: 'Save' }).focus()
    fireEvent.submit(screen.getByRole('form', { name: 'Answers' }))
    await waitFor(() => expect(screen.getByLabelText('First')).toHaveFocus())
  })

  it('gives way to a form that moved the focus itself', async () => {
    vi.useFakeTimers()
    try {
      render(<FormThatFocusesItself own />)
      screen.getByRole('button', { name: 'Save' }).focus()
      fireEvent.submit(screen.getByRole('form', { name: 'Answers' }))
      // The listener looks once the form's own handler has run: every timer it set has run here.
      vi.runAllTimers()
      expect(screen.getByLabelText('Second')).toHaveFocus()
    } finally {
      vi.useRealTimers()
    }
  })
})
