import { countryName } from '@exchange/shared/countries'
import { localCountryName } from '../../../lib/world-countries'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { useClientDetails } from '../api/get-client-details'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientDetailsCatalog } from '../messages'

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  const t = useCatalog(clientDetailsCatalog)
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={value ? 600 : 400} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value || t('clientDetails.account.notGiven')}
      </Text>
    </Stack>
  )
}

/** /dashAccount: what we hold about the customer, with the way to change it. */
export function AccountOverview() {
  const t = useCatalog(clientDetailsCatalog)
  const brand = useBrand()
  const customer = useCustomer()
  const stored = useClientDetails(brand.brandName)
  const details = stored.data && stored.data.result ? stored.data.data : null

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('clientDetails.account.title')}
      </Title>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('clientDetails.account.details')}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('clientDetails.account.details')}
          </Title>
          {stored.isPending ? (
            <Stack gap="xs" role="status" aria-label={t('clientDetails.loading')}>
              <Skeleton height={18} />
              <Skeleton height={18} />
            </Stack>
          ) : details ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
              <Detail label={t('clientDetails.field.firstName')} value={details.firstName} />
              <Detail label={t('clientDetails.field.lastName')} value={details.lastName} />
              <Detail label={t('clientDetails.field.email')} value={details.email || customer.details.email} />
              <Detail label={t('clientDetails.field.phone')} value={details.phone} />
              <Detail label={t('clientDetails.field.address')} value={details.address} />
              <Detail label={t('clientDetails.field.city')} value={details.city} />
              <Detail label={t('clientDetails.field.postal')} value={details.postal} />
              <Detail
                label={t('clientDetails.field.country')}
                value={
                  details.country
                    ? (localCountryName(details.country) ?? countryName(details.country) ?? details.country)
                    : null
                }
              />
            </SimpleGrid>
          ) : (
            <Alert color="red">{localizeCopy(ALERT_MESSAGES.somethingWentWrong)}</Alert>
          )}
          <Button component={Link} to={WEB_PATHS.details} variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('clientDetails.account.edit')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  )
}
