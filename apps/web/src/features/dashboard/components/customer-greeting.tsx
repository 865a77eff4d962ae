import { Stack, Text, Title } from '@mantine/core'
import { useCustomer } from '../../../lib/customer-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientNameOf } from '../../../lib/session-state'
import { dashboardCatalog } from '../messages'

/** "Hello, Ada Lovelace" and the e-mail the customer signed in with. */
export function CustomerGreeting() {
  const t = useCatalog(dashboardCatalog)
  const { details } = useCustomer()
  const named = Boolean(details.firstName?.trim() || details.lastName?.trim())
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {named
          ? t('dashboard.hello', { name: clientNameOf(details.firstName, details.lastName) })
          : t('dashboard.helloNoName')}
      </Title>
      <Text c="dimmed" size="sm">
        {details.email}
      </Text>
    </Stack>
  )
}
