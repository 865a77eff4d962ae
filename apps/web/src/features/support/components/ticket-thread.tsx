import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, type TicketSummary } from '@exchange/shared/support.schemas'
import { useState } from 'react'
import { FormAlert } from '../../../components/ui/form'
import { AnswerText } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { supportCatalog } from '../messages'
import { formatDate, formatDateTime } from '../../../lib/format'
import { useReplyTicket, useTicket } from '../api/support-api'
import { statusBadge, supportAlertCopy, topicName } from '../support-copy'

/** The customer's answer in an open ticket. */
function ReplyForm({ number }: { number: string }) {
  const t = useCatalog(supportCatalog)
  const { brandName } = useBrand()
  const reply = useReplyTicket()
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)

  async function send() {
    const text = message.trim()
    if (text.length < SUPPORT_MESSAGE_MIN) return setError(t('support.message.tooShort', { min: SUPPORT_MESSAGE_MIN }))
    setError(undefined)
    setAlert(null)
    try {
      const answer = await reply.mutateAsync({ brandName, number, message: text })
      if (!answer || !answer.result) return setAlert(supportAlertCopy(answer ? answer.error : 'unauthorized'))
      setMessage('')
    } catch {
      setAlert(supportAlertCopy('internal_error'))
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <Stack gap="sm">
        <AnswerText
          id={`reply-${number}`}
          label={t('support.reply.label')}
          description={t('support.reply.hint', { max: SUPPORT_MESSAGE_MAX })}
          minRows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={message}
          error={error}
          onChange={setMessage}
        />
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={reply.isPending}>
            {t('support.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Saves one of the customer's files under its name (app/ composes it from the documents feature). */
export type DownloadAttachment = (id: string, fileName: string) => void

/** A ticket's conversation and files, and the way to answer while it is open. */
function Thread({ number, download }: { number: string; download: DownloadAttachment }) {
  const t = useCatalog(supportCatalog)
  const { brandName } = useBrand()
  const ticket = useTicket(brandName, number)
  if (ticket.isPending) return <Text size="sm">{t('support.ticket.loading')}</Text>
  if (!ticket.data || !ticket.data.result)
    return <FormAlert message={supportAlertCopy(ticket.data ? ticket.data.error : 'internal_error')} />
  const { messages, attachments, status } = ticket.data.data
  return (
    <Stack gap="sm">
      {messages.map((message, index) => (
        <Card key={index} withBorder radius="md" padding="sm" component="article">
          <Text size="xs" c="dimmed">
            {t(message.from === 'customer' ? 'support.ticket.fromYou' : 'support.ticket.fromSupport', {
              at: formatDateTime(message.at),
            })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        </Card>
      ))}
      {attachments.length > 0 ? (
        <Group gap="xs">
          <Text size="sm">{t('support.ticket.files')}</Text>
          {attachments.map((file) => (
            <Button key={file.id} variant="subtle" size="compact-sm" onClick={() => download(file.id, file.fileName)}>
              {file.fileName}
            </Button>
          ))}
        </Group>
      ) : null}
      {status === 'closed' ? (
        <Text size="sm" c="dimmed">
          {t('support.ticket.closed')}
        </Text>
      ) : (
        <ReplyForm number={number} />
      )}
    </Stack>
  )
}

/** One of the customer's tickets: its number, topic, status and dates; its thread when opened. */
export function TicketCard({ ticket, download }: { ticket: TicketSummary; download: DownloadAttachment }) {
  const t = useCatalog(supportCatalog)
  const [open, setOpen] = useState(false)
  const status = statusBadge(ticket.status)
  const dates = { opened: formatDateTime(ticket.createdAt), updated: formatDateTime(ticket.updatedAt) }
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-label={t('support.ticket.label', { number: ticket.number })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="md">
            {ticket.number} · {topicName(ticket.topic)}
          </Title>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {ticket.orderReference
            ? t('support.ticket.datesWithOrder', { ...dates, order: ticket.orderReference })
            : t('support.ticket.dates', dates)}
        </Text>
        {ticket.responseDueAt ? (
          <Text size="sm">
            <RichText
              catalog={supportCatalog}
              id="support.ticket.complaintDue"
              values={{
                acknowledged: formatDate(ticket.acknowledgedAt ?? ticket.createdAt),
                due: formatDate(ticket.responseDueAt),
              }}
              parts={[<strong />]}
            />
          </Text>
        ) : null}
        <Group>
          <Button variant="light" size="compact-md" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('support.ticket.hide') : t('support.ticket.open')}
          </Button>
        </Group>
        {open ? <Thread number={ticket.number} download={download} /> : null}
      </Stack>
    </Card>
  )
}
