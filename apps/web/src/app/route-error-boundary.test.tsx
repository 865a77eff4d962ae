import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, ok } from '../test/mock-api'
import { RouteErrorBoundary } from './router'

function Broken(): never {
  throw new Error('the screen broke')
}

describe('a screen that fails to render', () => {
  it('offers a reload and reports the error once', async () => {
    window.history.replaceState(null, '', '/dashboard-receipt')
    const api = mockApi({ logError: ok() })
    render(
      <RouteErrorBoundary pathname="/dashboard-receipt">
        <Broken />
      </RouteErrorBoundary>,
    )
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument()
    await vi.waitFor(() => expect(api.callsTo('logError')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const reports = api.callsTo('logError')
    expect(reports).toHaveLength(1)
    expect(reports[0]!.body).toMatchObject({
      source: 'render',
      message: 'the screen broke',
      path: '/dashboard-receipt',
    })
  })
})
