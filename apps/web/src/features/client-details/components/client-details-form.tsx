import type { ClientDetails } from '@exchange/shared/clients.schemas'
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'
import { useClientDetails } from '../api/get-client-details'
import { DetailsFields, valuesFrom } from './details-fields'
import { LoadFailed } from '../../../components/ui/load-states'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientDetailsCatalog } from '../messages'

interface ClientDetailsFormProps {
  title: string
  description: string
  submitLabel: string
  onSaved: (details: ClientDetails) => void
}

/** The customer's details, prefilled from getClientDetails and checked with the shared schema. */
export function ClientDetailsForm({ title, description, submitLabel, onSaved }: ClientDetailsFormProps) {
  const t = useCatalog(clientDetailsCatalog)
  const brand = useBrand()
  const stored = useClientDetails(brand.brandName)
  const answer = stored.data

  let body
  if (stored.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label={t('clientDetails.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  } else if (answer && answer.result) {
    body = <DetailsFields initial={valuesFrom(answer.data)} submitLabel={submitLabel} onSaved={onSaved} />
  } else {
    body = <LoadFailed title={t('clientDetails.loadFailed')} onRetry={() => void stored.refetch()} />
  }

  return (
    <Paper
      component="section"
      aria-labelledby="client-details-title"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={680}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title id="client-details-title" order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  )
}
