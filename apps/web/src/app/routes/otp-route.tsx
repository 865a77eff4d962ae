import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Stack, Title } from '@mantine/core'
import { useLocation } from 'react-router'
import { PasskeysScreen, TwoFactorManage } from '../../features/account-security/components/two-factor-manage'
import {
  RecoveryCodesScreen,
  TwoFactorConfirm,
  TwoFactorIntro,
  TwoFactorQr,
} from '../../features/account-security/components/two-factor-setup'
import { accountSecurityCatalog } from '../../features/account-security/messages'
import { useCatalog } from '../../lib/i18n/catalog'

/** The screens of otp0 … otp5, in the order of the paths table (decision 124). */
const SCREENS = [TwoFactorIntro, TwoFactorQr, TwoFactorConfirm, RecoveryCodesScreen, TwoFactorManage, PasskeysScreen]

/**
 * otp0 … otp5, two-factor sign-in (decision 124): introduction, QR code and secret, first code, recovery codes, the
 * factors, the passkeys. One module loaded on demand for the six, so that the first load names one chunk for them.
 */
export function Component() {
  const t = useCatalog(accountSecurityCatalog)
  const { pathname } = useLocation()
  const step = WEB_PATHS.securityCode.findIndex((path) => path.toLowerCase() === pathname.toLowerCase())
  const Screen = SCREENS[step] ?? TwoFactorIntro
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('account-security.twoFactor.title')}
      </Title>
      <Screen />
    </Stack>
  )
}
