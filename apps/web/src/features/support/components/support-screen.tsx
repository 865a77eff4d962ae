import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { supportCatalog } from '../messages'
import { useTickets } from '../api/support-api'
import { supportAlertCopy } from '../support-copy'
import { SupportFaq } from './support-faq'
import { type DownloadAttachment, TicketCard } from './ticket-thread'

/** The customer's requests, the latest activity first, and the way to write a new one. */
function YourRequests({ download }: { download: DownloadAttachment }) {
  const t = useCatalog(supportCatalog)
  const { brandName } = useBrand()
  const tickets = useTickets(brandName)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="support-requests-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title id="support-requests-title" order={2} fz="lg">
            {t('support.requests.title')}
          </Title>
          <Button component={Link} to={WEB_PATHS.contactUs}>
            {t('support.requests.write')}
          </Button>
        </Group>
        {tickets.isPending ? (
          <Text size="sm">{t('support.requests.loading')}</Text>
        ) : !tickets.data || !tickets.data.result ? (
          <FormAlert message={supportAlertCopy(tickets.data ? tickets.data.error : 'internal_error')} />
        ) : tickets.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('support.requests.none')}
          </Text>
        ) : (
          tickets.data.data.map((ticket) => <TicketCard key={ticket.number} ticket={ticket} download={download} />)
        )}
      </Stack>
    </Card>
  )
}

/** /dashSupport: the customer's requests and their answers, questions and answers, and who the customer deals with. */
export function SupportScreen({
  download,
  identityDuration,
}: {
  download: DownloadAttachment
  identityDuration: string
}) {
  const t = useCatalog(supportCatalog)
  const brand = useBrand()
  const { company } = brand
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('support.title')}
      </Title>
      <YourRequests download={download} />
      <SupportFaq identityDuration={identityDuration} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('support.write.title')}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('support.write.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('support.write.lead')}
            </Text>
            <Anchor href={`mailto:${company.supportEmail}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
              {company.supportEmail}
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('support.company.title')}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('support.company.title')}
            </Title>
            <Text size="sm">
              <RichText
                catalog={supportCatalog}
                id="support.company.operatedBy"
                values={{ brand: brand.brandName, company: company.name }}
                parts={[<strong />]}
              />
            </Text>
            <Text size="sm" c="dimmed">
              {company.address}
            </Text>
            <Group gap="md">
              <Anchor href={brand.termsUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('support.company.terms')}
              </Anchor>
              <Anchor href={brand.privacyUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('support.company.privacy')}
              </Anchor>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
