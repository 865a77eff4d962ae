import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderScreen } from '../../../test/render'
import { ResetSuccessScreen } from './reset-success-screen'

describe('ResetSuccessScreen', () => {
  it('counts down the seconds and then goes to /login', () => {
    vi.useFakeTimers()
    const { router } = renderScreen(<ResetSuccessScreen />, { path: '/redirect' })
    expect(screen.getByRole('timer')).toHaveTextContent('Redirecting to login in 5 seconds')
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByRole('timer')).toHaveTextContent('4 seconds')
    act(() => vi.advanceTimersByTime(4000))
    expect(router.state.location.pathname).toBe('/login')
  })

  it('has a Login button', () => {
    renderScreen(<ResetSuccessScreen />, { path: '/redirect' })
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  })
})
