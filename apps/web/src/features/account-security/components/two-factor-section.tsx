import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Badge, Button, Group, List, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { secondFactorStatusQuery } from '../api/second-factor-calls'
import { SecuritySection } from './security-parts'

/** The account page's "Two-factor sign-in": whether it is on, with what, the passkeys by name, and the way there. */
export function TwoFactorSection() {
  const brand = useBrand()
  const status = useQuery(secondFactorStatusQuery(brand.brandName))
  const factors = status.data && status.data.result ? status.data.data : undefined
  const on = factors !== undefined && (factors.totp || factors.passkeys.length > 0)
  return (
    <SecuritySection
      title="Two-factor sign-in"
      lead="A second step after your password, at sign-in and before every change to your security settings: a code from an authenticator app, or a passkey."
    >
      <Group gap="xs">
        <Badge color={on ? 'green' : 'gray'}>{on ? 'On' : 'Off'}</Badge>
        {factors?.totp && <Text size="sm">Authenticator app</Text>}
        {on && <Text size="sm">· {factors.recoveryCodesLeft} recovery codes left</Text>}
      </Group>
      {factors && factors.passkeys.length > 0 && (
        <List size="sm" aria-label="Your passkeys">
          {factors.passkeys.map((passkey) => (
            <List.Item key={passkey.id}>{passkey.name}</List.Item>
          ))}
        </List>
      )}
      <Group gap="sm">
        <Button component={Link} to={on ? WEB_PATHS.securityCode[4] : WEB_PATHS.securityCode[0]}>
          {on ? 'Manage two-factor sign-in' : 'Turn on two-factor sign-in'}
        </Button>
        <Button component={Link} to={WEB_PATHS.securityCode[5]} variant="default">
          Passkeys
        </Button>
      </Group>
    </SecuritySection>
  )
}
