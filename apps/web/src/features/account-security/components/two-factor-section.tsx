import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Badge, Button, Group, List, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { secondFactorStatusQuery } from '../api/second-factor-calls'
import { accountSecurityCatalog } from '../messages'
import { SecuritySection } from './security-parts'

/** The account page's "Two-factor sign-in": whether it is on, with what, the passkeys by name, and the way there. */
export function TwoFactorSection() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const status = useQuery(secondFactorStatusQuery(brand.brandName))
  const factors = status.data && status.data.result ? status.data.data : undefined
  const on = factors !== undefined && (factors.totp || factors.passkeys.length > 0)
  return (
    <SecuritySection title={t('account-security.twoFactor.title')} lead={t('account-security.twoFactor.lead')}>
      <Group gap="xs">
        <Badge color={on ? 'green' : 'gray'}>
          {on ? t('account-security.twoFactor.on') : t('account-security.twoFactor.off')}
        </Badge>
        {factors?.totp && <Text size="sm">{t('account-security.twoFactor.app')}</Text>}
        {on && <Text size="sm">{t('account-security.twoFactor.codesLeft', { count: factors.recoveryCodesLeft })}</Text>}
      </Group>
      {factors && factors.passkeys.length > 0 && (
        <List size="sm" aria-label={t('account-security.twoFactor.passkeysList')}>
          {factors.passkeys.map((passkey) => (
            <List.Item key={passkey.id}>{passkey.name}</List.Item>
          ))}
        </List>
      )}
      <Group gap="sm">
        <Button component={Link} to={on ? WEB_PATHS.securityCode[4] : WEB_PATHS.securityCode[0]}>
          {on ? t('account-security.twoFactor.manage') : t('account-security.twoFactor.turnOn')}
        </Button>
        <Button component={Link} to={WEB_PATHS.securityCode[5]} variant="default">
          {t('account-security.twoFactor.passkeys')}
        </Button>
      </Group>
    </SecuritySection>
  )
}
