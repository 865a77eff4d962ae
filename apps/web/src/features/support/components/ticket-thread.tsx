import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, type TicketSummary } from '@exchange/shared/support.schemas'
import { useState } from 'react'
import { FormAlert } from '../../../components/ui/form'
import { AnswerText } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { formatDate, formatDateTime } from '../../../lib/format'
import { useReplyTicket, useTicket } from '../api/support-api'
import { STATUS_NAMES, TOPIC_NAMES, supportAlertCopy } from '../support-copy'

/** The customer's answer in an open ticket. */
function ReplyForm({ number }: { number: string }) {
  const { brandName } = useBrand()
  const reply = useReplyTicket()
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)

  async function send() {
    const text = message.trim()
    if (text.length < SUPPORT_MESSAGE_MIN) return setError(`Please write at least ${SUPPORT_MESSAGE_MIN} characters`)
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
          label="Your answer"
          description={`Up to ${SUPPORT_MESSAGE_MAX} characters.`}
          minRows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={message}
          error={error}
          onChange={setMessage}
        />
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={reply.isPending}>
            Send answer
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
  const { brandName } = useBrand()
  const ticket = useTicket(brandName, number)
  if (ticket.isPending) return <Text size="sm">Loading the conversation…</Text>
  if (!ticket.data || !ticket.data.result)
    return <FormAlert message={supportAlertCopy(ticket.data ? ticket.data.error : 'internal_error')} />
  const { messages, attachments, status } = ticket.data.data
  return (
    <Stack gap="sm">
      {messages.map((message, index) => (
        <Card key={index} withBorder radius="md" padding="sm" component="article">
          <Text size="xs" c="dimmed">
            {message.from === 'customer' ? 'You' : 'Support team'} · {formatDateTime(message.at)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        </Card>
      ))}
      {attachments.length > 0 ? (
        <Group gap="xs">
          <Text size="sm">Files:</Text>
          {attachments.map((file) => (
            <Button key={file.id} variant="subtle" size="compact-sm" onClick={() => download(file.id, file.fileName)}>
              {file.fileName}
            </Button>
          ))}
        </Group>
      ) : null}
      {status === 'closed' ? (
        <Text size="sm" c="dimmed">
          This request is closed. Write to us again with a new request if you need more help.
        </Text>
      ) : (
        <ReplyForm number={number} />
      )}
    </Stack>
  )
}

/** One of the customer's tickets: its number, topic, status and dates; its thread when opened. */
export function TicketCard({ ticket, download }: { ticket: TicketSummary; download: DownloadAttachment }) {
  const [open, setOpen] = useState(false)
  const status = STATUS_NAMES[ticket.status]
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={`Request ${ticket.number}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="md">
            {ticket.number} · {TOPIC_NAMES[ticket.topic]}
          </Title>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Opened {formatDateTime(ticket.createdAt)} · last activity {formatDateTime(ticket.updatedAt)}
          {ticket.orderReference ? ` · order ${ticket.orderReference}` : ''}
        </Text>
        {ticket.responseDueAt ? (
          <Text size="sm">
            Complaint acknowledged on {formatDate(ticket.acknowledgedAt ?? ticket.createdAt)}; our final answer is due
            by <strong>{formatDate(ticket.responseDueAt)}</strong>.
          </Text>
        ) : null}
        <Group>
          <Button variant="light" size="compact-md" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide the conversation' : 'Read and answer'}
          </Button>
        </Group>
        {open ? <Thread number={ticket.number} download={download} /> : null}
      </Stack>
    </Card>
  )
}
