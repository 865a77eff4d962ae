import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link } from 'react-router'
import { BrandLogo } from '../../../components/ui/brand-logo'
import { useBrand } from '../../../lib/brand-context'
import { DashboardHome } from './dashboard-home'

const UPCOMING = ['History', 'Account', 'Support'] as const

/** The signed-in area: header, navigation, and the screen of the current section. */
export function DashboardShell() {
  const brand = useBrand()
  const [navOpened, nav] = useDisclosure(false)

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={navOpened ? 'Close navigation' : 'Open navigation'} />
            <Box component={Link} to="/dashboard" aria-label={`${brand.brandName} dashboard`} bg="white" px={8} py={4} style={{ borderRadius: 8, display: 'inline-flex', lineHeight: 0 }}>
              <BrandLogo brand={brand} height={28} />
            </Box>
          </Group>
          <Text size="sm" c="dimmed" visibleFrom="xs">
            Dashboard
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Dashboard">
        <AppShell.Section grow component={ScrollArea}>
          <NavLink component={Link} to="/dashboard" label="Buy" active variant="filled" aria-current="page" onClick={nav.close} fw={600} />
          {UPCOMING.map((label) => (
            <NavLink key={label} label={label} description="Not available yet" disabled aria-disabled="true" component="button" type="button" />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink component={Link} to="/logout" label="Log Out" color="red" />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <DashboardHome />
      </AppShell.Main>
    </AppShell>
  )
}
