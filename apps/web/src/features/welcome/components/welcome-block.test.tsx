import { DEFAULT_BRAND, type BrandConfig } from '@exchange/shared/brand.schemas'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../test/render'
import { WelcomeBlock } from './welcome-block'

const withLogo = (patch: Partial<BrandConfig>): BrandConfig => ({ ...DEFAULT_BRAND, ...patch })

describe('WelcomeBlock', () => {
  it('welcomes the visitor to the brand with the tagline', () => {
    renderScreen(<WelcomeBlock />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Welcome to/)
    expect(screen.getByText('Fast and Simple Crypto Exchange')).toBeInTheDocument()
  })

  it('shows an svg logo inline', () => {
    const { container } = renderScreen(<WelcomeBlock />, {
      brand: withLogo({ logo: { kind: 'svg', svg: '<svg data-testid="logo"></svg>' } }),
    })
    const logo = screen.getByRole('img', { name: 'Helvex' })
    expect(logo.tagName).toBe('SPAN')
    expect(container.querySelector('svg[data-testid="logo"]')).not.toBeNull()
  })

  it('shows an image logo as an img', () => {
    renderScreen(<WelcomeBlock />, { brand: withLogo({ logo: { kind: 'image', src: '/brand/logo.png' } }) })
    const logo = screen.getByRole('img', { name: 'Helvex' })
    expect(logo.tagName).toBe('IMG')
    expect(logo).toHaveAttribute('src', '/brand/logo.png')
  })

  it('shows the brand name as text when the logo is switched off', () => {
    renderScreen(<WelcomeBlock />, { brand: withLogo({ showLogo: false }) })
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Helvex')
  })
})
