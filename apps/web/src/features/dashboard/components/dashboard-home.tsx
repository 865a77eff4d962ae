import { DEFAULT_CRYPTO, DEFAULT_FIAT } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader'
import { useBrand } from '../../../lib/brand-context'
import { expireJwtCookie } from '../../../lib/cookies'
import { clientNameOf, updateSessionState } from '../../../lib/session-state'
import { useGross } from '../api/get-gross'

/** The dashboard's landing screen: greets the customer; the buy calculator will live here. */
export function DashboardHome() {
  const brand = useBrand()
  const navigate = useNavigate()
  const gross = useGross(brand.brandName)
  const answer = gross.data
  const signedOut = answer === false || (answer !== undefined && !answer.result && answer.error === 'unauthorized')
  const details = answer && answer.result ? answer.data.details : null
  const clientName = details ? clientNameOf(details.firstName, details.lastName) : null

  useEffect(() => {
    if (signedOut) {
      // The token is missing, expired or revoked: drop it so the guard and the header agree.
      expireJwtCookie()
      void navigate('/login', { replace: true })
    }
  }, [signedOut, navigate])

  useEffect(() => {
    if (details && clientName) updateSessionState({ clientName, clientEmail: details.email })
  }, [details, clientName])

  if (gross.isPending || signedOut) return <PageLoader label="Loading your account" />

  if (!details || !clientName) {
    return (
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
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Hello, {clientName}
        </Title>
        <Text c="dimmed">{details.email}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                Buy crypto
              </Title>
              <Badge variant="light">Coming soon</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Buy {DEFAULT_CRYPTO.toUpperCase()} with {DEFAULT_FIAT.toUpperCase()} by card, bank transfer or your own virtual IBAN. The calculator opens here
              shortly.
            </Text>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Need help?
            </Title>
            <Text size="sm" c="dimmed">
              Our support team answers at{' '}
              <Anchor href={`mailto:${brand.company.supportEmail}`} inherit>
                {brand.company.supportEmail}
              </Anchor>
              .
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
