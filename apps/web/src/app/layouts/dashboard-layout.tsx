import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, AppShell, Badge, Box, Burger, Button, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useDeferredValue, useEffect, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { BrandLogo } from '../../components/ui/brand-logo'
import { PageLoader } from '../../components/ui/page-loader'
import { useGross } from '../../features/dashboard/api/get-gross'
import { useActionableStepCount } from '../../features/journey/use-actionable-step-count'
import { knownBannerHeight, UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { useBrand } from '../../lib/brand-context'
import { expireJwtCookie } from '../../lib/cookies'
import { CustomerProvider } from '../../lib/customer-context'
import { clientNameOf, updateSessionState } from '../../lib/session-state'
import { SiteFooter } from '../../components/ui/site-footer'
import { DASHBOARD_HEADER_HEIGHT, DASHBOARD_HEADER_HEIGHT_PHONE, DASHBOARD_PHONE_QUERY } from './dashboard-frame'

const lower = (path: string) => path.toLowerCase()
const HISTORY = ['/dashboard-history']
const IDENTITY = ['/dashboard-authstart', '/dashboard-hostedauth', '/dashboard-returnauth', '/dashboard-authend']
const DOCUMENTS = ['/dashboard-uploaddocs']
const WALLETS = ['/dashboard-wallets']
const ACCOUNT = ['/dashaccount', '/dashboard-details']
const SUPPORT = ['/dashsupport', '/dashboard-contactus']
const CHECKS = ['/dashboard-checks', '/dashboard-sof', '/dashboard-quest']
const OUTSIDE_BUY = [...HISTORY, ...CHECKS, ...IDENTITY, ...DOCUMENTS, ...WALLETS, ...ACCOUNT, ...SUPPORT]

/** The sections of the signed-in area; "Buy" holds the calculator and every step of the order flow. */
const SECTIONS = [
  { label: 'Buy', to: '/dashboard', isCurrent: (path: string) => !OUTSIDE_BUY.includes(path) },
  { label: 'History', to: '/dashboard-history', isCurrent: (path: string) => HISTORY.includes(path) },
  { label: 'Your checks', to: '/dashboard-checks', isCurrent: (path: string) => CHECKS.includes(path) },
  { label: 'Identity check', to: '/dashboard-authstart', isCurrent: (path: string) => IDENTITY.includes(path) },
  { label: 'Documents', to: '/dashboard-uploaddocs', isCurrent: (path: string) => DOCUMENTS.includes(path) },
  { label: 'Wallets', to: '/dashboard-wallets', isCurrent: (path: string) => WALLETS.includes(path) },
  { label: 'Account', to: '/dashAccount', isCurrent: (path: string) => ACCOUNT.includes(path) },
  { label: 'Support', to: '/dashSupport', isCurrent: (path: string) => SUPPORT.includes(path) },
] as const

/** The menu's count of checks to do; its own component, so the journey's answer re-renders only the count. */
function ChecksToDo() {
  const checksToDo = useActionableStepCount()
  if (checksToDo === 0) return null
  return (
    <Badge color="orange" size="sm" circle>
      {checksToDo}
      <VisuallyHidden> to do</VisuallyHidden>
    </Badge>
  )
}

interface DashboardHeaderProps {
  phone: boolean
  headerHeight: number
  navOpened: boolean
  onToggleNav: () => void
}

/** The header bar; memoised, like the menu, so an answer that changes only the page's content leaves it alone. */
const DashboardHeader = memo(function DashboardHeader({
  phone,
  headerHeight,
  navOpened,
  onToggleNav,
}: DashboardHeaderProps) {
  const brand = useBrand()
  return (
    <Group h={headerHeight} px={phone ? 'sm' : 'md'} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Box
          component={Link}
          to="/dashboard"
          aria-label={`${brand.brandName} dashboard`}
          bg="white"
          px={phone ? 6 : 8}
          py={phone ? 3 : 4}
          style={{ borderRadius: 8, display: 'inline-flex', lineHeight: 0 }}
        >
          <BrandLogo brand={brand} height={phone ? 22 : 28} />
        </Box>
      </Group>
      <Text size="sm" c="dimmed" visibleFrom="xs">
        Dashboard
      </Text>
    </Group>
  )
})

const DashboardNav = memo(function DashboardNav({ current, onNavigate }: { current: string; onNavigate: () => void }) {
  return (
    <>
      {/* A plain scrolling box, not Mantine's ScrollArea: its measuring drew the menu four more times on load. */}
      <AppShell.Section grow style={{ overflowY: 'auto' }}>
        {SECTIONS.map((section) => {
          const active = section.isCurrent(current)
          return (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={section.label}
              active={active}
              variant="filled"
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              fw={600}
              rightSection={section.to === CHECKS[0] ? <ChecksToDo /> : undefined}
            />
          )
        })}
      </AppShell.Section>
      <AppShell.Section>
        <NavLink component={Link} to="/logout" label="Log Out" color="red" />
      </AppShell.Section>
    </>
  )
})

/**
 * The signed-in area: header, navigation, the UK risk warning for UK visitors, and the current screen.
 * It loads the customer (getGross) once; every screen below reads it from the customer context.
 */
export function DashboardLayout() {
  const brand = useBrand()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [navOpened, nav] = useDisclosure(false)
  // The warning's room as the frame drawn while this layout loaded measured it (decision 069).
  const [bannerHeight, setBannerHeight] = useState(knownBannerHeight)
  const queryClient = useQueryClient()
  const gross = useGross(brand.brandName)
  // The account's answer comes as a store update, which React renders in one go; the screen it brings (the calculator
  // with its thousand Mantine parts) is rendered from this deferred copy instead, in slices the browser can interrupt
  // (decision 060). The signed-out check reads the answer itself, at once.
  const shownAnswer = useDeferredValue(gross.data)
  // Read at once rather than after the first paint, which would draw the whole layout a second time on a phone.
  const phone = useMediaQuery(DASHBOARD_PHONE_QUERY, undefined, { getInitialValueInEffect: false })
  const headerHeight = phone ? DASHBOARD_HEADER_HEIGHT_PHONE : DASHBOARD_HEADER_HEIGHT

  const answer = gross.data
  const signedOut = answer === false || (answer !== undefined && !answer.result && answer.error === 'unauthorized')
  const customer = answer && answer.result ? answer.data : null
  const shownCustomer = shownAnswer && shownAnswer.result ? shownAnswer.data : null
  const clientName = customer ? clientNameOf(customer.details.firstName, customer.details.lastName) : null
  const clientEmail = customer?.details.email ?? null

  useEffect(() => {
    if (signedOut) {
      // The token is missing, expired or revoked: drop it so the guard and the header agree, and forget what the ended
      // session was answered, so that the next login does not read the refusal again (or another customer's data).
      expireJwtCookie()
      queryClient.clear()
      void navigate('/login', { replace: true })
    }
  }, [signedOut, navigate, queryClient])

  useEffect(() => {
    if (clientName && clientEmail) updateSessionState({ clientName, clientEmail })
  }, [clientName, clientEmail])

  const current = lower(pathname)

  let content
  if (customer && shownCustomer) {
    content = (
      <CustomerProvider customer={shownCustomer}>
        <Outlet />
      </CustomerProvider>
    )
  } else if (gross.isPending || signedOut || customer) {
    // With `customer` but not yet `shownCustomer`, the deferred copy is on its way.
    content = <PageLoader label="Loading your account" />
  } else {
    content = (
      <Alert role="alert" color="red" title="We could not load your account" maw={560}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{ALERT_MESSAGES.somethingWentWrong}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void gross.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }

  return (
    <AppShell
      header={{ height: headerHeight + bannerHeight }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'xl' }}
    >
      <AppShell.Header>
        <DashboardHeader phone={phone} headerHeight={headerHeight} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>

      <UkRiskBanner top={headerHeight} delayMs={0} onHeightChange={setBannerHeight} />

      <AppShell.Navbar p="sm" aria-label="Dashboard">
        <DashboardNav current={current} onNavigate={nav.close} />
      </AppShell.Navbar>

      <AppShell.Main>
        {/* At least a screen tall, so the footer starts below the first view and is never pushed down in sight while
            the account, then the screen, load (layout shift). */}
        <div style={{ minHeight: 'calc(100dvh - var(--app-shell-header-offset, 0px))' }}>{content}</div>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  )
}
