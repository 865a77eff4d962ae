import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core'
import type { ErrorCode } from '@exchange/shared/errors'
import {
  SUPPORT_ATTACHMENTS_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_TOPICS,
  type SupportTopic,
} from '@exchange/shared/support.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { FormAlert, useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { AnswerText, focusFirstError } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { supportCatalog } from '../messages'
import { formatDate, formatFiat } from '../../../lib/format'
import type { FieldErrors } from '../../../lib/use-form-fields'
import { useOpenTicket, useRecentOrders } from '../api/support-api'
import { supportAlertCopy, topicName } from '../support-copy'

interface ContactValues {
  topic: string
  orderReference: string
  message: string
}

const FIELD_ORDER = ['topic', 'orderReference', 'message'] as const
/** What the picker offers; the api decides by the file's bytes whatever it let through. */
const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

/** Sends one file through `uploadFile` as a support attachment: its id, or why it was refused (app/ composes it). */
export type SendAttachment = (file: File) => Promise<{ id: string } | { error: ErrorCode }>

/** The whole form's check: a topic, a message of the length the api takes (said on submit, the catalog loaded). */
function checkContact(values: ContactValues): FormOutcome<ContactValues, ContactValues & { topic: SupportTopic }> {
  const errors: FieldErrors<ContactValues> = {}
  const topic = SUPPORT_TOPICS.find((one) => one === values.topic)
  if (!topic) errors.topic = supportCatalog.t('support.contact.topicRequired')
  const message = values.message.trim()
  if (message.length < SUPPORT_MESSAGE_MIN)
    errors.message = supportCatalog.t('support.message.tooShort', { min: SUPPORT_MESSAGE_MIN })
  else if (message.length > SUPPORT_MESSAGE_MAX)
    errors.message = supportCatalog.t('support.message.tooLong', { max: SUPPORT_MESSAGE_MAX })
  if (!topic || Object.keys(errors).length > 0) return { errors }
  return { data: { ...values, topic, message } }
}

/** The files chosen, at most three; a fourth is refused with a message, never dropped silently. */
function AttachmentsField({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const t = useCatalog(supportCatalog)
  const picker = useRef<HTMLInputElement>(null)
  const [note, setNote] = useState<string | null>(null)
  const full = files.length >= SUPPORT_ATTACHMENTS_MAX
  return (
    <Stack gap="xs">
      <Text fw={500} size="md">
        {t('support.attachments.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('support.attachments.lead', { max: SUPPORT_ATTACHMENTS_MAX })}
      </Text>
      {files.map((file, index) => (
        <Group key={`${file.name}-${index}`} gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('support.attachments.removeLabel', { file: file.name })}
            onClick={() => {
              setNote(null)
              onChange(files.filter((_, i) => i !== index))
            }}
          >
            {t('support.attachments.remove')}
          </Button>
        </Group>
      ))}
      <input
        ref={picker}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={t('support.attachments.choose')}
        data-testid="support-files"
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? [])
          event.currentTarget.value = ''
          const room = SUPPORT_ATTACHMENTS_MAX - files.length
          setNote(chosen.length > room ? t('support.attachments.tooMany', { max: SUPPORT_ATTACHMENTS_MAX }) : null)
          onChange([...files, ...chosen.slice(0, Math.max(0, room))])
        }}
      />
      <Group>
        <Button variant="default" disabled={full} onClick={() => picker.current?.click()}>
          {t('support.attachments.attach')}
        </Button>
      </Group>
      {note ? (
        <Text size="sm" c="red" role="alert">
          {note}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Sends the chosen files one after another; answers their ids, or the first refusal. */
async function sendAttachments(files: File[], send: SendAttachment): Promise<{ ids: string[] } | { error: string }> {
  const ids: string[] = []
  for (const file of files) {
    const answer = await send(file)
    if ('error' in answer)
      return {
        error: supportCatalog.t('support.fileRefused', { file: file.name, reason: supportAlertCopy(answer.error) }),
      }
    ids.push(answer.id)
  }
  return { ids }
}

type Opened = { number: string; complaint: boolean; dueAt: string | null }

/** What the customer reads once the request is sent: its number and, for a complaint, the date of the final answer. */
function SentNotice({ opened }: { opened: Opened }) {
  const t = useCatalog(supportCatalog)
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('support.contact.title')}
      </Title>
      <Alert color="teal" variant="light" role="status" title={t('support.sent.title', { number: opened.number })}>
        {opened.complaint && opened.dueAt
          ? t('support.sent.complaint', { due: formatDate(opened.dueAt) })
          : t('support.sent.request')}
      </Alert>
      <Anchor component={Link} to={WEB_PATHS.support}>
        {t('support.sent.seeRequests')}
      </Anchor>
    </Stack>
  )
}

type ContactForm = FormState<ContactValues, ContactValues & { topic: SupportTopic }>

/** The topic, the order it is about (one of the customer's last 50) and the message. */
function ContactFields({ form }: { form: ContactForm }) {
  const t = useCatalog(supportCatalog)
  const { brandName } = useBrand()
  const orders = useRecentOrders(brandName)
  const { values, errors, setField } = form
  const orderOptions =
    orders.data && orders.data.result
      ? orders.data.data.orders.map((order) => ({
          value: order.orderReference,
          label: `${order.orderReference} · ${formatFiat(order.fiatAmount, order.fiatCur)} · ${formatDate(order.createdAt)}`,
        }))
      : []
  return (
    <>
      <NativeSelect
        id="contact-topic"
        label={t('support.contact.topic')}
        withAsterisk
        size="md"
        value={values.topic}
        error={errors.topic}
        onChange={(event) => setField('topic', event.currentTarget.value)}
        data={[
          { value: '', label: t('support.contact.chooseTopic'), disabled: true },
          ...SUPPORT_TOPICS.map((topic) => ({ value: topic, label: topicName(topic) })),
        ]}
      />
      {values.topic === 'complaint' ? (
        <Text size="sm" c="dimmed">
          {t('support.contact.complaintNote')}
        </Text>
      ) : null}
      <NativeSelect
        id="contact-orderReference"
        label={t('support.contact.order')}
        size="md"
        value={values.orderReference}
        onChange={(event) => setField('orderReference', event.currentTarget.value)}
        data={[{ value: '', label: t('support.contact.noOrder') }, ...orderOptions]}
      />
      <AnswerText
        id="contact-message"
        label={t('support.contact.message')}
        description={t('support.contact.messageHint', { max: SUPPORT_MESSAGE_MAX })}
        minRows={5}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={values.message}
        error={errors.message}
        onChange={(value) => setField('message', value)}
      />
    </>
  )
}

/** /dashboard-contactus: a message to the support team about a topic, maybe an order, with up to three files. */
export function ContactFormScreen({ sendAttachment }: { sendAttachment: SendAttachment }) {
  const t = useCatalog(supportCatalog)
  const { brandName } = useBrand()
  const open = useOpenTicket()
  const form = useForm<ContactValues, ContactValues & { topic: SupportTopic }>(
    { topic: '', orderReference: '', message: '' },
    checkContact,
  )
  const [files, setFiles] = useState<File[]>([])
  const [alert, setAlert] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [opened, setOpened] = useState<Opened | null>(null)

  async function send() {
    const request = form.submit((errors) => focusFirstError(FIELD_ORDER, errors as Record<string, string>, 'contact'))
    if (!request) return
    setAlert(null)
    setSending(true)
    try {
      const sent = await sendAttachments(files, sendAttachment)
      if ('error' in sent) return setAlert(sent.error)
      const answer = await open.mutateAsync({
        brandName,
        topic: request.topic,
        message: request.message,
        attachmentIds: sent.ids,
        ...(request.orderReference ? { orderReference: request.orderReference } : {}),
      })
      if (!answer) return setAlert(supportAlertCopy('unauthorized'))
      if (!answer.result) return setAlert(supportAlertCopy(answer.error))
      setOpened({
        number: answer.data.number,
        complaint: answer.data.topic === 'complaint',
        dueAt: answer.data.responseDueAt,
      })
    } catch {
      setAlert(supportAlertCopy('internal_error'))
    } finally {
      setSending(false)
    }
  }

  if (opened) return <SentNotice opened={opened} />

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('support.contact.title')}
      </Title>
      <Card
        withBorder
        radius="lg"
        padding="lg"
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <Stack gap="md">
          <ContactFields form={form} />
          <AttachmentsField files={files} onChange={setFiles} />
          <FormAlert message={alert} />
          <Group>
            <Button type="submit" size="md" loading={sending}>
              {t('support.contact.send')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  )
}
