import type { DocumentPurpose } from '@exchange/shared/documents.schemas'
import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { filesQueryOptions } from '../api/list-files'
import { documentPurposeCopy } from '../document-purposes'
import { useCatalog } from '../../../lib/i18n/catalog'
import { documentsCatalog } from '../messages'
import { FilePicker, type FileUpload, sendFile, uploadColor, uploadStatus } from './file-uploads'

/** The evidence being sent, each file with its progress and, if refused, why. */
function EvidenceList({ sent }: { sent: FileUpload[] }) {
  const t = useCatalog(documentsCatalog)
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('documents.evidence.list')}>
      {sent.map((one) => (
        <Stack component="li" key={one.key} gap={4} aria-label={one.name}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {one.name}
            </Text>
            <Text size="sm" c={uploadColor(one.state) ?? 'dimmed'}>
              {uploadStatus(one)}
            </Text>
          </Group>
          <Progress
            value={one.state === 'refused' ? 100 : one.percent}
            color={uploadColor(one.state)}
            size="xs"
            aria-label={t('documents.upload.progress', { name: one.name })}
          />
          {one.message ? (
            <Text role="alert" size="sm" c="red">
              {one.message}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  )
}

/**
 * A file picker that sends each chosen file with one purpose through `uploadFile`, the same call and refusals as the
 * documents screen; for a screen that asks for one kind of document in passing (source-of-funds evidence on `sof`).
 */
export function EvidenceUpload({ purpose, label }: { purpose: DocumentPurpose; label: string }) {
  const t = useCatalog(documentsCatalog)
  const brand = useBrand()
  const queryClient = useQueryClient()
  const picker = useRef<HTMLInputElement>(null)
  const nextKey = useRef(0)
  const hintId = useId()
  const [sent, setSent] = useState<FileUpload[]>([])

  async function send(files: File[]) {
    for (const file of files) {
      const key = nextKey.current++
      setSent((current) => [...current, { key, name: file.name, percent: 0, state: 'sending', message: null }])
      await sendFile(file, purpose, brand.brandName, (change) =>
        setSent((current) => current.map((one) => (one.key === key ? { ...one, ...change } : one))),
      )
    }
    await queryClient.invalidateQueries({ queryKey: filesQueryOptions(brand.brandName).queryKey })
  }

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="light" onClick={() => picker.current?.click()} aria-describedby={hintId}>
          {label}
        </Button>
        <Text id={hintId} size="xs" c="dimmed">
          {t('documents.evidence.hint', { purpose: documentPurposeCopy(purpose).label })}
        </Text>
      </Group>
      <FilePicker picker={picker} label={label} testId="evidence-picker" onFiles={(chosen) => void send(chosen)} />
      {sent.length > 0 ? <EvidenceList sent={sent} /> : null}
    </Stack>
  )
}
