import { AppShell, Button, Group } from '@mantine/core'
import { Link, NavLink, Outlet } from 'react-router'
import { BrandLogo } from '../../components/ui/brand-logo'
import { SiteFooter } from '../../components/ui/site-footer'
import { useBrand } from '../../lib/brand-context'
import { useIsMobile } from '../../lib/use-is-mobile'
import { useJwtToken } from '../../lib/use-jwt-token'

export const PUBLIC_HEADER_HEIGHT = 64

const LOGGED_OUT = [
  { label: 'Home', to: '/' },
  { label: 'Sign Up', to: '/signup' },
  { label: 'Login', to: '/login' },
] as const

const LOGGED_IN = [
  { label: 'Home', to: '/' },
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Log Out', to: '/logout' },
] as const

/** Every public page: the header with the brand and the nav of spec section 2. */
export function PublicLayout() {
  const brand = useBrand()
  const signedIn = useJwtToken() !== null
  const items = signedIn ? LOGGED_IN : LOGGED_OUT
  const mobile = useIsMobile()

  return (
    <AppShell header={{ height: PUBLIC_HEADER_HEIGHT }} bg="var(--app-page-bg)">
      <AppShell.Header withBorder>
        <Group
          h="100%"
          maw={1200}
          mx="auto"
          px={mobile ? 8 : 'lg'}
          gap={mobile ? 'xs' : 'md'}
          justify="space-between"
          wrap="nowrap"
        >
          <Link to="/" aria-label={`${brand.brandName} home`} style={{ display: 'inline-flex', lineHeight: 0 }}>
            <BrandLogo brand={brand} height={mobile ? 22 : 32} />
          </Link>
          <Group component="nav" aria-label="Main" gap={mobile ? 0 : 4} wrap="nowrap" style={{ overflowX: 'auto' }}>
            {items.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end
                variant="subtle"
                size={mobile ? 'compact-sm' : 'compact-md'}
                px={mobile ? 6 : 12}
                fz={mobile ? 13 : undefined}
                className="public-nav-link"
              >
                {item.label}
              </Button>
            ))}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  )
}
