import { DOCUMENT_PURPOSES, type DocumentPurpose } from '@exchange/shared/documents.schemas'
import { Alert, Box, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useForm } from '../../../components/ui/form'
import { FormSection } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { filesQueryOptions } from '../api/list-files'
import { documentPurposeCopy } from '../document-purposes'
import { useCatalog } from '../../../lib/i18n/catalog'
import { documentsCatalog } from '../messages'
import { FilePicker, type FileUpload, sendFile, uploadColor, uploadStatus } from './file-uploads'

/** The one choice of the form: what the files are; every choice is one the api takes. */
const keepPurpose = (values: { purpose: DocumentPurpose }) => ({ data: values.purpose })

function UploadRow({ upload }: { upload: FileUpload }) {
  const t = useCatalog(documentsCatalog)
  const status = uploadStatus(upload)
  return (
    <Stack gap={6} component="li" aria-label={upload.name}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {upload.name}
        </Text>
        <Text size="sm" c={uploadColor(upload.state) ?? 'dimmed'}>
          {status}
        </Text>
      </Group>
      <Progress
        value={upload.state === 'refused' ? 100 : upload.percent}
        color={uploadColor(upload.state)}
        aria-label={t('documents.upload.progress', { name: upload.name })}
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

/** The files being sent, newest first: all wait in line, then go one at a time; the sent list is asked again after. */
function useDocumentUploads() {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const nextKey = useRef(0)
  const [uploads, setUploads] = useState<FileUpload[]>([])

  async function send(chosen: File[], purpose: DocumentPurpose) {
    if (chosen.length === 0) return
    const queued = chosen.map((file) => ({ file, key: nextKey.current++ }))
    setUploads((current) => [
      ...queued.map(({ file, key }) => ({
        key,
        name: file.name,
        percent: 0,
        state: 'waiting' as const,
        message: null,
      })),
      ...current,
    ])
    // One at a time: the api takes one file per request and counts each against the customer's limit.
    for (const { file, key } of queued) {
      const update = (change: Partial<FileUpload>) =>
        setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))
      update({ state: 'sending' })
      await sendFile(file, purpose, brand.brandName, update)
    }
    await queryClient.invalidateQueries({ queryKey: filesQueryOptions(brand.brandName).queryKey })
  }

  return { uploads, send }
}

/** Where files are dropped (on a computer) or chosen with the button, each sent as the chosen kind. */
function DropZone({ purpose, onFiles }: { purpose: DocumentPurpose; onFiles: (files: File[]) => void }) {
  const t = useCatalog(documentsCatalog)
  const [dragging, setDragging] = useState(false)
  const picker = useRef<HTMLInputElement>(null)
  const hintId = useId()
  return (
    <Box
      role="group"
      aria-label={t('documents.send.drop')}
      aria-describedby={hintId}
      onDragEnter={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        onFiles(Array.from(event.dataTransfer.files))
      }}
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
          {t('documents.send.drag')}
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('documents.send.or')}
        </Text>
        <Button onClick={() => picker.current?.click()}>{t('documents.send.choose')}</Button>
        <Text id={hintId} size="xs" c="dimmed">
          {t('documents.send.hint', { purpose: documentPurposeCopy(purpose).label })}
        </Text>
      </Stack>
      <FilePicker picker={picker} label={t('documents.send.choose')} testId="file-picker" onFiles={onFiles} />
    </Box>
  )
}

/** What the customer is sending, the drop zone and file picker, and each file's progress and refusal in words. */
export function SendDocumentCard() {
  const t = useCatalog(documentsCatalog)
  const form = useForm<{ purpose: DocumentPurpose }, DocumentPurpose>({ purpose: 'identity_document' }, keepPurpose)
  const { uploads, send } = useDocumentUploads()
  const purpose = form.values.purpose

  return (
    <FormSection title={t('documents.send.title')}>
      <Radio.Group
        label={t('documents.send.what')}
        value={purpose}
        onChange={(value) => form.setField('purpose', value as DocumentPurpose)}
      >
        <Stack gap="xs" mt="xs">
          {DOCUMENT_PURPOSES.map((kind) => (
            <Radio key={kind} value={kind} label={documentPurposeCopy(kind).label} />
          ))}
        </Stack>
      </Radio.Group>
      <DropZone purpose={purpose} onFiles={(files) => void send(files, purpose)} />
      {uploads.length > 0 ? (
        <Stack gap="sm" component="ul" aria-label={t('documents.send.list')} m={0} p={0} style={{ listStyle: 'none' }}>
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} />
          ))}
        </Stack>
      ) : null}
    </FormSection>
  )
}
