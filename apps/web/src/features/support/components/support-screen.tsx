import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { useTickets } from '../api/support-api'
import { supportAlertCopy } from '../support-copy'
import { SupportFaq } from './support-faq'
import { type DownloadAttachment, TicketCard } from './ticket-thread'

/** The customer's requests, the latest activity first, and the way to write a new one. */
function YourRequests({ download }: { download: DownloadAttachment }) {
  const { brandName } = useBrand()
  const tickets = useTickets(brandName)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="support-requests-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title id="support-requests-title" order={2} fz="lg">
            Your requests
          </Title>
          <Button component={Link} to={WEB_PATHS.contactUs}>
            Write to us
          </Button>
        </Group>
        {tickets.isPending ? (
          <Text size="sm">Loading your requests…</Text>
        ) : !tickets.data || !tickets.data.result ? (
          <FormAlert message={supportAlertCopy(tickets.data ? tickets.data.error : 'internal_error')} />
        ) : tickets.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have not written to us yet. Our answers to your requests show here, and we e-mail you each one.
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
  const brand = useBrand()
  const { company } = brand
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Support
      </Title>
      <YourRequests download={download} />
      <SupportFaq identityDuration={identityDuration} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Write to us">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Write to us
            </Title>
            <Text size="sm" c="dimmed">
              You can also e-mail our support team. Please give your request number or order reference.
            </Text>
            <Anchor href={`mailto:${company.supportEmail}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
              {company.supportEmail}
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Company">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Company
            </Title>
            <Text size="sm">
              {brand.brandName} is operated by <strong>{company.name}</strong>.
            </Text>
            <Text size="sm" c="dimmed">
              {company.address}
            </Text>
            <Group gap="md">
              <Anchor href={brand.termsUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Terms and conditions
              </Anchor>
              <Anchor href={brand.privacyUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Privacy policy
              </Anchor>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
