import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, ok } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { HomeLayout } from './home-layout'

function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY)
    return {
      matches: width <= max,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }
  })
}

describe('HomeLayout', () => {
  it('puts the welcome and the form side by side from 768 px', () => {
    stubViewportWidth(1280)
    mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    const { container } = renderScreen(<HomeLayout />)
    expect(container.querySelector('[data-layout="web"]')).not.toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeInTheDocument()
  })

  it('stacks them below 768 px', () => {
    stubViewportWidth(375)
    mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    const { container } = renderScreen(<HomeLayout />)
    expect(container.querySelector('[data-layout="mobile"]')).not.toBeNull()
  })

  it('uses the web layout at exactly 768 px', () => {
    stubViewportWidth(768)
    mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    const { container } = renderScreen(<HomeLayout />)
    expect(container.querySelector('[data-layout="web"]')).not.toBeNull()
  })
})
