import { DOCUMENT_PURPOSES, type DocumentPurpose, type StoredDocument } from '@exchange/shared/documents.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES, ERROR_COPY } from '@exchange/shared/messages'
import { Alert, Box, Button, Card, Group, List, Progress, Radio, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type DragEvent } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { downloadFile } from '../api/download-file'
import { FILES_QUERY_KEY, useFiles } from '../api/list-files'
import { uploadFile } from '../api/upload-file'
import { DOCUMENT_PURPOSE_COPY, formatFileSize } from '../document-purposes'

/** What the file picker offers; the api decides by the file's bytes whatever the picker let through. */
const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

interface Upload {
  key: number
  name: string
  purpose: DocumentPurpose
  /** 0 to 100. */
  percent: number
  state: 'waiting' | 'sending' | 'sent' | 'refused'
  message: string | null
}

function refusalCopy(error: ErrorCode): string {
  return ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong
}

function UploadRow({ upload }: { upload: Upload }) {
  const status =
    upload.state === 'sent'
      ? 'Sent'
      : upload.state === 'refused'
        ? 'Not sent'
        : upload.state === 'waiting'
          ? 'Waiting'
          : `Sending… ${upload.percent} %`
  return (
    <Stack gap={6} component="li" aria-label={upload.name}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {upload.name}
        </Text>
        <Text size="sm" c={upload.state === 'refused' ? 'red' : upload.state === 'sent' ? 'teal' : 'dimmed'}>
          {status}
        </Text>
      </Group>
      <Progress
        value={upload.state === 'refused' ? 100 : upload.percent}
        color={upload.state === 'refused' ? 'red' : upload.state === 'sent' ? 'teal' : undefined}
        aria-label={`Upload of ${upload.name}`}
        size="sm"
        animated={upload.state === 'sending'}
      />
      {upload.message ? (
        <Alert
          role="alert"
          color="red"
          variant="light"
          p="xs"
          styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}
        >
          {upload.message}
        </Alert>
      ) : null}
    </Stack>
  )
}

function SentFile({ file, onDownload }: { file: StoredDocument; onDownload: (file: StoredDocument) => void }) {
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="wrap" aria-label={file.fileName}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.fileName}
        </Text>
        <Text size="xs" c="dimmed">
          {DOCUMENT_PURPOSE_COPY[file.purpose].label} · {formatFileSize(file.sizeBytes)} · sent{' '}
          {formatDateTime(file.createdAt)}
        </Text>
      </Stack>
      <Button variant="light" size="xs" onClick={() => onDownload(file)} aria-label={`Download ${file.fileName}`}>
        Download
      </Button>
    </Group>
  )
}

/**
 * /dashboard-uploaddocs: what we may ask for, a drop zone and a file picker, progress per file, the api's refusals in
 * words, and the files already sent with a way to download them.
 */
export function UploadDocumentsScreen() {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const files = useFiles(brand.brandName)
  const [purpose, setPurpose] = useState<DocumentPurpose>('identity_document')
  const [uploads, setUploads] = useState<Upload[]>([])
  const [dragging, setDragging] = useState(false)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const nextKey = useRef(0)
  const hintId = useId()

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))

  async function send(chosen: File[]) {
    if (chosen.length === 0) return
    const queued = chosen.map((file) => ({ file, key: nextKey.current++ }))
    setUploads((current) => [
      ...queued.map(({ file, key }) => ({
        key,
        name: file.name,
        purpose,
        percent: 0,
        state: 'waiting' as const,
        message: null,
      })),
      ...current,
    ])
    // One at a time: the api takes one file per request and counts each against the customer's limit.
    for (const { file, key } of queued) {
      update(key, { state: 'sending' })
      try {
        const answer = await uploadFile({
          file,
          purpose,
          brandName: brand.brandName,
          onProgress: (fraction) => update(key, { percent: Math.min(99, Math.round(fraction * 100)) }),
        })
        if (answer && answer.result) update(key, { state: 'sent', percent: 100 })
        else update(key, { state: 'refused', message: refusalCopy(answer ? answer.error : 'unauthorized') })
      } catch {
        update(key, { state: 'refused', message: ALERT_MESSAGES.somethingWentWrong })
      }
    }
    await queryClient.invalidateQueries({ queryKey: [FILES_QUERY_KEY] })
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    void send(Array.from(event.dataTransfer.files))
  }

  async function download(file: StoredDocument) {
    setDownloadError(null)
    try {
      const outcome = await downloadFile(file.id, file.fileName)
      if (outcome !== true) setDownloadError(refusalCopy(outcome ? outcome.error : 'unauthorized'))
    } catch {
      setDownloadError(ALERT_MESSAGES.somethingWentWrong)
    }
  }

  const sent = files.data && files.data.result ? files.data.data : null

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Upload documents
        </Title>
        <Text c="dimmed" size="sm">
          Send us the documents we asked you for. We keep them encrypted.
        </Text>
      </Stack>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="asked-title">
        <Stack gap="sm">
          <Title id="asked-title" order={2} fz="lg">
            What we may ask for
          </Title>
          <List spacing="xs" size="sm">
            {DOCUMENT_PURPOSES.map((kind) => (
              <List.Item key={kind}>
                <Text span fw={700} size="sm">
                  {DOCUMENT_PURPOSE_COPY[kind].label}:
                </Text>{' '}
                {DOCUMENT_PURPOSE_COPY[kind].description}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="send-title">
        <Stack gap="md">
          <Title id="send-title" order={2} fz="lg">
            Send a document
          </Title>
          <Radio.Group
            label="What are you sending?"
            value={purpose}
            onChange={(value) => setPurpose(value as DocumentPurpose)}
          >
            <Stack gap="xs" mt="xs">
              {DOCUMENT_PURPOSES.map((kind) => (
                <Radio key={kind} value={kind} label={DOCUMENT_PURPOSE_COPY[kind].label} />
              ))}
            </Stack>
          </Radio.Group>
          <Box
            role="group"
            aria-label="Drop files here"
            aria-describedby={hintId}
            onDragEnter={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            p="lg"
            style={{
              border: `2px dashed ${dragging ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
              borderRadius: 'var(--mantine-radius-md)',
              background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
              textAlign: 'center',
            }}
          >
            <Stack gap="sm" align="center">
              {/* Phones cannot drag files: there the button alone. */}
              <Text fw={600} visibleFrom="sm">
                Drag your files here
              </Text>
              <Text size="sm" c="dimmed" visibleFrom="sm">
                or
              </Text>
              <Button onClick={() => picker.current?.click()}>Choose files</Button>
              <Text id={hintId} size="xs" c="dimmed">
                JPEG, PNG or PDF. Each file is sent as “{DOCUMENT_PURPOSE_COPY[purpose].label}”.
              </Text>
            </Stack>
            <input
              ref={picker}
              type="file"
              multiple
              accept={ACCEPT}
              hidden
              aria-label="Choose files"
              data-testid="file-picker"
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? [])
                event.currentTarget.value = ''
                void send(chosen)
              }}
            />
          </Box>
          {uploads.length > 0 ? (
            <Stack gap="sm" component="ul" aria-label="Files you are sending" m={0} p={0} style={{ listStyle: 'none' }}>
              {uploads.map((upload) => (
                <UploadRow key={upload.key} upload={upload} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sent-title">
        <Stack gap="md">
          <Title id="sent-title" order={2} fz="lg">
            Files you have sent
          </Title>
          {downloadError ? (
            <Alert role="alert" color="red" variant="light">
              {downloadError}
            </Alert>
          ) : null}
          {files.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading your files">
              <Skeleton height={18} />
              <Skeleton height={18} />
            </Stack>
          ) : sent === null ? (
            <Alert color="red" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{ALERT_MESSAGES.somethingWentWrong}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void files.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : sent.length === 0 ? (
            <Text size="sm" c="dimmed">
              You have not sent any files yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" aria-label="Files you have sent" m={0} p={0} style={{ listStyle: 'none' }}>
              {sent.map((file) => (
                <SentFile key={file.id} file={file} onDownload={(chosen) => void download(chosen)} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  )
}
