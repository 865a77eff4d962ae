import { countryName } from '@exchange/shared/countries'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { useClientDetails } from '../api/get-client-details'

const NOT_GIVEN = 'Not given yet'

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={value ? 600 : 400} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_GIVEN}
      </Text>
    </Stack>
  )
}

/** /dashAccount: what we hold about the customer, with the way to change it. */
export function AccountOverview() {
  const brand = useBrand()
  const customer = useCustomer()
  const stored = useClientDetails(brand.brandName)
  const details = stored.data && stored.data.result ? stored.data.data : null

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Account
      </Title>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your details">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Your details
          </Title>
          {stored.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading your details">
              <Skeleton height={18} />
              <Skeleton height={18} />
            </Stack>
          ) : details ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
              <Detail label="First name" value={details.firstName} />
              <Detail label="Last name" value={details.lastName} />
              <Detail label="E-mail" value={details.email || customer.details.email} />
              <Detail label="Phone" value={details.phone} />
              <Detail label="Address" value={details.address} />
              <Detail label="City" value={details.city} />
              <Detail label="Postal code" value={details.postal} />
              <Detail
                label="Country"
                value={details.country ? (countryName(details.country) ?? details.country) : null}
              />
            </SimpleGrid>
          ) : (
            <Alert color="red">{ALERT_MESSAGES.somethingWentWrong}</Alert>
          )}
          <Button component={Link} to={WEB_PATHS.details} variant="light" style={{ alignSelf: 'flex-start' }}>
            Edit details
          </Button>
        </Stack>
      </Card>
    </Stack>
  )
}
