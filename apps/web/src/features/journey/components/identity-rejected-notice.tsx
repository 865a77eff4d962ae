import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useJourneyStatus } from '../api/get-journey-status'
import { journeyCatalog } from '../messages'

/**
 * Whether the identity check was refused for good (`rejected`, final: a resubmission is `required`). Nothing can be
 * bought then, and paid orders go back to where their money came from (decisions 033 and 088).
 */
export function useIdentityRejected(): boolean {
  const brand = useBrand()
  const answer = useJourneyStatus(brand.brandName).data
  return Boolean(
    answer && answer.result && answer.data.steps.some((step) => step.id === 'identity' && step.state === 'rejected'),
  )
}

/**
 * What a customer whose identity check was refused for good reads on the dashboard and the checks page: what happened,
 * what they can still do, and how to reach support. Nothing on it starts or pays an order (decision 088).
 */
export function IdentityRejectedNotice() {
  const t = useCatalog(journeyCatalog)
  const brand = useBrand()
  const { supportEmail } = brand.company
  return (
    <Alert color="red" variant="light" radius="lg" role="region" title={t('journey.rejected.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('journey.rejected.body', { brand: brand.brandName })}</Text>
        <Text size="sm" fw={600}>
          {t('journey.rejected.whatYouCanDo')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('journey.rejected.refund')}</List.Item>
          <List.Item>{t('journey.rejected.mistake')}</List.Item>
        </List>
        <Text size="sm">
          {t('journey.rejected.support')}{' '}
          <Anchor href={`mailto:${supportEmail}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
            {supportEmail}
          </Anchor>
        </Text>
        <Button component={Link} to={WEB_PATHS.history} variant="default" size="xs" w="fit-content">
          {t('journey.rejected.orders')}
        </Button>
      </Stack>
    </Alert>
  )
}
