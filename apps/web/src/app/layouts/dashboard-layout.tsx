import { ALERT_MESSAGES } from '@exchange/shared/messages'
import {
  Alert,
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useDeferredValue, useEffect, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { BrandLogo } from '../../components/ui/brand-logo'
import { PageLoader } from '../../components/ui/page-loader'
import { MAIN_ID, SkipLink } from '../../components/ui/page-a11y'
import { useGross } from '../../features/dashboard/api/get-gross'
import { useActionableStepCount } from '../../features/journey/use-actionable-step-count'
import { knownBannerHeight, UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { useBrand } from '../../lib/brand-context'
import { expireJwtCookie } from '../../lib/cookies'
import { CustomerProvider } from '../../lib/customer-context'
import { clientNameOf, updateSessionState } from '../../lib/session-state'
import { SiteFooter } from '../../components/ui/site-footer'
import { DASHBOARD_HEADER_HEIGHT, DASHBOARD_HEADER_HEIGHT_PHONE, DASHBOARD_PHONE_QUERY } from './dashboard-frame'
import { commonCatalog, localizeCopy } from '../../lib/common-copy'
import { useCatalog } from '../../lib/i18n/catalog'
import { appCatalog } from '../messages'
import { LanguageSwitch } from './language-switch'
import { adoptLanguage, storeLanguageOnAccount } from '../../lib/i18n/account-language'

const lower = (path: string) => path.toLowerCase()
const HISTORY = [WEB_PATHS.history]
const IDENTITY = [WEB_PATHS.authStart, WEB_PATHS.hostedAuth, WEB_PATHS.returnAuth, WEB_PATHS.authEnd]
const DOCUMENTS = [WEB_PATHS.uploadDocs]
const WALLETS = [WEB_PATHS.wallets]
const ACCOUNT = [WEB_PATHS.account, WEB_PATHS.details, ...WEB_PATHS.securityCode]
const SUPPORT = [WEB_PATHS.support, WEB_PATHS.contactUs]
const CHECKS = [WEB_PATHS.checks, WEB_PATHS.sourceOfFunds, WEB_PATHS.questionnaire]
const OUTSIDE_BUY = [
  WEB_PATHS.land,
  ...HISTORY,
  ...CHECKS,
  ...IDENTITY,
  ...DOCUMENTS,
  ...WALLETS,
  ...ACCOUNT,
  ...SUPPORT,
]

/** Whether the current page (its path in lower case, as the router matches) is one of `pages`. */
const within = (pages: readonly string[]) => (path: string) => pages.some((page) => lower(page) === path)

/** The sections of the signed-in area; "Buy" holds the calculator and every step of the order flow. */
const SECTIONS = [
  { label: 'app.nav.buy', to: WEB_PATHS.dashboard, isCurrent: (path: string) => !within(OUTSIDE_BUY)(path) },
  { label: 'app.nav.history', to: WEB_PATHS.history, isCurrent: within(HISTORY) },
  { label: 'app.nav.checks', to: WEB_PATHS.checks, isCurrent: within(CHECKS) },
  { label: 'app.nav.identity', to: WEB_PATHS.authStart, isCurrent: within(IDENTITY) },
  { label: 'app.nav.documents', to: WEB_PATHS.uploadDocs, isCurrent: within(DOCUMENTS) },
  { label: 'app.nav.wallets', to: WEB_PATHS.wallets, isCurrent: within(WALLETS) },
  { label: 'app.nav.account', to: WEB_PATHS.account, isCurrent: within(ACCOUNT) },
  { label: 'app.nav.support', to: WEB_PATHS.support, isCurrent: within(SUPPORT) },
] as const

/** The logged-in nav of spec section 2, as the public pages show it to a signed-in visitor. */
const SIGNED_IN_NAV = [
  { label: 'common.nav.home', to: WEB_PATHS.marketing },
  { label: 'common.nav.dashboard', to: WEB_PATHS.dashboard },
  { label: 'common.nav.logOut', to: WEB_PATHS.logout },
] as const

/** The menu's count of checks to do; its own component, so the journey's answer re-renders only the count. */
function ChecksToDo() {
  const checksToDo = useActionableStepCount()
  if (checksToDo === 0) return null
  return (
    <Badge color="orange" size="sm" circle>
      {checksToDo}
      <VisuallyHidden>{appCatalog.t('app.nav.toDo')}</VisuallyHidden>
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
  const t = useCatalog(appCatalog)
  return (
    <Group h={headerHeight} px={phone ? 'sm' : 'md'} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('app.nav.close') : t('app.nav.open')}
        />
        <Box
          component={Link}
          to={WEB_PATHS.dashboard}
          aria-label={t('app.nav.brandDashboard', { brand: brand.brandName })}
          bg="white"
          px={phone ? 6 : 8}
          py={phone ? 3 : 4}
          style={{ borderRadius: 8, display: 'inline-flex', lineHeight: 0 }}
        >
          <BrandLogo brand={brand} height={phone ? 22 : 28} />
        </Box>
      </Group>
      <Group
        component="nav"
        aria-label={commonCatalog.t('common.nav.main')}
        // On a phone the links of a longer language go onto two rows rather than past the edge (decision 129).
        gap={phone ? 10 : 'md'}
        wrap={phone ? 'wrap' : 'nowrap'}
        justify="flex-end"
        style={{ minWidth: 0, rowGap: 2 }}
      >
        {SIGNED_IN_NAV.map((item) => (
          <Anchor
            key={item.to}
            component={Link}
            to={item.to}
            size={phone ? 'xs' : 'sm'}
            fw={600}
            c="inherit"
            style={{ whiteSpace: 'nowrap' }}
          >
            {commonCatalog.t(item.label)}
          </Anchor>
        ))}
        {/* On a phone the header has no room left for it: the menu has it (below). */}
        {phone ? null : <LanguageSwitch onChosen={(language) => storeLanguageOnAccount(brand.brandName, language)} />}
      </Group>
    </Group>
  )
})

const DashboardNav = memo(function DashboardNav({
  current,
  onNavigate,
  phone,
}: {
  current: string
  onNavigate: () => void
  phone: boolean
}) {
  const { brandName } = useBrand()
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
              label={appCatalog.t(section.label)}
              active={active}
              variant="filled"
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              fw={600}
              rightSection={section.to === WEB_PATHS.checks ? <ChecksToDo /> : undefined}
            />
          )
        })}
      </AppShell.Section>
      <AppShell.Section>
        {phone ? (
          <Box px="sm" py={6}>
            <LanguageSwitch onChosen={(language) => storeLanguageOnAccount(brandName, language)} />
          </Box>
        ) : null}
        <NavLink component={Link} to={WEB_PATHS.logout} label={commonCatalog.t('common.nav.logOut')} color="red" />
      </AppShell.Section>
    </>
  )
})

/**
 * The signed-in customer (getGross), read once for the whole area. A missing, expired or revoked session leads back to
 * the login form; the customer's name and e-mail are kept for the session state.
 */
function useSignedInCustomer() {
  const brand = useBrand()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const gross = useGross(brand.brandName)
  // The account's answer comes as a store update, which React renders in one go; the screen it brings (the calculator
  // with its thousand Mantine parts) is rendered from this deferred copy instead, in slices the browser can interrupt
  // (decision 060). The signed-out check reads the answer itself, at once.
  const shownAnswer = useDeferredValue(gross.data)

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
      void navigate(WEB_PATHS.login, { replace: true })
    }
  }, [signedOut, navigate, queryClient])

  useEffect(() => {
    if (clientName && clientEmail) updateSessionState({ clientName, clientEmail })
  }, [clientName, clientEmail])

  // The customer's language, stored on their account, applies here unless this browser has a choice of its own.
  const language = customer?.details.language
  useEffect(() => {
    if (language) void adoptLanguage(language)
  }, [language])

  return { gross, signedOut, customer, shownCustomer }
}

/** The page under the header: the current screen once the customer is known, a loader until then, or a retry. */
export function DashboardContent() {
  useCatalog(appCatalog)
  const { gross, signedOut, customer, shownCustomer } = useSignedInCustomer()
  if (customer && shownCustomer) {
    return (
      <CustomerProvider customer={shownCustomer}>
        <Outlet />
      </CustomerProvider>
    )
  }
  // With `customer` but not yet `shownCustomer`, the deferred copy is on its way.
  if (gross.isPending || signedOut || customer) return <PageLoader label={commonCatalog.t('common.loadingAccount')} />
  // Its own alert rather than the shared LoadFailed: that module would join the first load of /dashboard (340 bytes
  // of its budget) for a state most visits never reach.
  return (
    <Alert role="alert" color="red" title={appCatalog.t('app.account.loadFailed')} maw={560}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{localizeCopy(ALERT_MESSAGES.somethingWentWrong)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void gross.refetch()}>
          {commonCatalog.t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  )
}

/**
 * The signed-in area: header, navigation, the UK risk warning for UK visitors, and the current screen.
 * It loads the customer (getGross) once; every screen below reads it from the customer context.
 */
export function DashboardLayout() {
  // The frame's texts: loaded with the layout (signed-in-screens.ts starts them), waited for here (decision 129).
  useCatalog(appCatalog)
  const { pathname } = useLocation()
  const [navOpened, nav] = useDisclosure(false)
  // The warning's room as the frame drawn while this layout loaded measured it (decision 069).
  const [bannerHeight, setBannerHeight] = useState(knownBannerHeight)
  // Read at once rather than after the first paint, which would draw the whole layout a second time on a phone.
  const phone = useMediaQuery(DASHBOARD_PHONE_QUERY, undefined, { getInitialValueInEffect: false })
  const headerHeight = phone ? DASHBOARD_HEADER_HEIGHT_PHONE : DASHBOARD_HEADER_HEIGHT

  return (
    <AppShell
      header={{ height: headerHeight + bannerHeight }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'xl' }}
    >
      <SkipLink />
      <AppShell.Header>
        <DashboardHeader phone={phone} headerHeight={headerHeight} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>

      <UkRiskBanner top={headerHeight} delayMs={0} onHeightChange={setBannerHeight} />

      <AppShell.Navbar p="sm" aria-label={appCatalog.t('app.nav.dashboardMenu')}>
        <DashboardNav current={lower(pathname)} onNavigate={nav.close} phone={phone} />
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        {/* At least a screen tall, so the footer starts below the first view and is never pushed down in sight while
            the account, then the screen, load (layout shift). */}
        <div style={{ minHeight: 'calc(100dvh - var(--app-shell-header-offset, 0px))' }}>
          <DashboardContent />
        </div>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  )
}
