import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { renderScreen } from '../../test/render'
import { PublicLayout } from './public-layout'

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

describe('PublicLayout', () => {
  it('offers Home, Sign Up and Login to a visitor', () => {
    renderScreen(<PublicLayout />, { path: '/logjust' })
    expect(navLinks()).toEqual([
      ['Home', '/'],
      ['Sign Up', '/signup'],
      ['Login', '/login'],
    ])
  })

  it('offers Home (the brand’s site: / would lead back to the dashboard), Dashboard and Log Out to a signed-in customer', () => {
    saveJwtCookie('token-1', 24)
    renderScreen(<PublicLayout />, { path: '/logjust' })
    expect(navLinks()).toEqual([
      ['Home', '/home'],
      ['Dashboard', '/dashboard'],
      ['Log Out', '/logout'],
    ])
  })

  it('credits the DB-IP country database at the foot of the page, as its licence asks', () => {
    renderScreen(<PublicLayout />, { path: '/logjust' })
    const credit = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'IP geolocation by DB-IP' })
    expect(credit).toHaveAttribute('href', 'https://db-ip.com')
  })
})
