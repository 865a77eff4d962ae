import { DOCUMENT_PURPOSES } from '@exchange/shared/documents.schemas'
import { Card, List, Stack, Text, Title } from '@mantine/core'
import { documentPurposeCopy } from '../document-purposes'
import { useCatalog } from '../../../lib/i18n/catalog'
import { documentsCatalog } from '../messages'
import { SendDocumentCard } from './send-document-card'
import { SentFilesCard } from './sent-files-card'

/** Every kind of document we may ask for, and what counts as one. */
function DocumentKindsCard() {
  const t = useCatalog(documentsCatalog)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="asked-title">
      <Stack gap="sm">
        <Title id="asked-title" order={2} fz="lg">
          {t('documents.kinds.title')}
        </Title>
        <List spacing="xs" size="sm">
          {DOCUMENT_PURPOSES.map((kind) => (
            <List.Item key={kind}>
              <Text span fw={700} size="sm">
                {t('documents.kinds.label', { label: documentPurposeCopy(kind).label })}
              </Text>{' '}
              {documentPurposeCopy(kind).description}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  )
}

/**
 * /dashboard-uploaddocs: what we may ask for, a drop zone and a file picker, progress per file, the api's refusals in
 * words, and the files already sent with a way to download them.
 */
export function UploadDocumentsScreen() {
  const t = useCatalog(documentsCatalog)
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('documents.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('documents.lead')}
        </Text>
      </Stack>
      <DocumentKindsCard />
      <SendDocumentCard />
      <SentFilesCard />
    </Stack>
  )
}
