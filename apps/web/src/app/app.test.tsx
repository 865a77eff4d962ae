import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, ok } from '../test/mock-api'
import { App } from './app'

describe('App', () => {
  it('shows a loader until the brand is known, then the sign-up form at /', async () => {
    window.history.replaceState(null, '', '/')
    mockApi({ getBrand: ok({ data: DEFAULT_BRAND }), getUkStatus: ok({ data: { isUk: false } }) })
    render(<App />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeInTheDocument()
  })

  it('offers a retry when the brand cannot be loaded', async () => {
    window.history.replaceState(null, '', '/')
    mockApi({})
    render(<App />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows a not-found page with a link home for an unknown address', async () => {
    window.history.replaceState(null, '', '/no-such-page')
    mockApi({ getBrand: ok({ data: DEFAULT_BRAND }) })
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })
})
