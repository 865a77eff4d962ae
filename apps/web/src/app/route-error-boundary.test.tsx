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
    // Every report the render could send has been handed to the reporter once its module has settled.
    await vi.dynamicImportSettled()
    const reports = api.callsTo('logError')
    expect(reports).toHaveLength(1)
    expect(reports[0]!.body).toMatchObject({
      source: 'render',
      message: 'the screen broke',
      path: '/dashboard-receipt',
    })
  })
})
