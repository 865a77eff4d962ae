import type { StoredDocument } from '@exchange/shared/documents.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { FormSection } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime, formatFileSize } from '../../../lib/format'
import { downloadFile } from '../api/download-file'
import { useFiles } from '../api/list-files'
import { documentPurposeCopy } from '../document-purposes'
import { useCatalog } from '../../../lib/i18n/catalog'
import { localizeCopy } from '../../../lib/common-copy'
import { documentsCatalog } from '../messages'
import { refusalCopy } from './file-uploads'
import { LoadFailed } from '../../../components/ui/load-states'

function SentFile({ file, onDownload }: { file: StoredDocument; onDownload: (file: StoredDocument) => void }) {
  const t = useCatalog(documentsCatalog)
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="wrap" aria-label={file.fileName}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.fileName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('documents.sent.details', {
            purpose: documentPurposeCopy(file.purpose).label,
            size: formatFileSize(file.sizeBytes),
            date: formatDateTime(file.createdAt),
          })}
        </Text>
      </Stack>
      <Button
        variant="light"
        size="xs"
        onClick={() => onDownload(file)}
        aria-label={t('documents.sent.downloadFile', { name: file.fileName })}
      >
        {t('documents.sent.download')}
      </Button>
    </Group>
  )
}

/** The files already sent, newest first, each to download; or why they could not be listed. */
export function SentFilesCard() {
  const t = useCatalog(documentsCatalog)
  const brand = useBrand()
  const files = useFiles(brand.brandName)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const sent = files.data && files.data.result ? files.data.data : null

  async function download(file: StoredDocument) {
    setDownloadError(null)
    try {
      const outcome = await downloadFile(file.id, file.fileName)
      if (outcome !== true) setDownloadError(refusalCopy(outcome ? outcome.error : 'unauthorized'))
    } catch {
      setDownloadError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
    }
  }

  return (
    <FormSection title={t('documents.sent.title')}>
      {downloadError ? (
        <Alert role="alert" color="red" variant="light">
          {downloadError}
        </Alert>
      ) : null}
      {files.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('documents.sent.loading')}>
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : sent === null ? (
        <LoadFailed onRetry={() => void files.refetch()} />
      ) : sent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.sent.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('documents.sent.title')} m={0} p={0} style={{ listStyle: 'none' }}>
          {sent.map((file) => (
            <SentFile key={file.id} file={file} onDownload={(chosen) => void download(chosen)} />
          ))}
        </Stack>
      )}
    </FormSection>
  )
}
