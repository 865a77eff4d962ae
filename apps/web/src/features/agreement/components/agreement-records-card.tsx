import { LANGUAGE_NAMES } from '@exchange/shared/languages'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { useAgreementStatus } from '../api/agreement-api'
import { agreementCatalog } from '../messages'

/** Saves one signed agreement (`downloadAgreement`); the documents feature's download, composed by the route. */
export type DownloadAgreement = (id: string, fileName: string) => Promise<true | false | { result: false }>

/**
 * /dashAccount: the agreements the customer signed, each with the language signed and to download, and whether the
 * version in force is signed.
 */
export function AgreementRecordsCard({ download: save }: { download: DownloadAgreement }) {
  const t = useCatalog(agreementCatalog)
  const brand = useBrand()
  const status = useAgreementStatus(brand.brandName)
  const [error, setError] = useState<string | null>(null)
  const answer = status.data
  const data = answer && answer.result ? answer.data : null
  if (!data) return null

  async function download(id: string, fileName: string) {
    setError(null)
    try {
      const outcome = await save(id, fileName)
      if (outcome !== true) setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
    } catch {
      setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="agreement-card">
      <Stack gap="sm">
        <Title id="agreement-card" order={2} fz="lg">
          {t('agreement.records.title')}
        </Title>
        {data.signed ? null : (
          <Text size="sm">
            <RichText
              catalog={agreementCatalog}
              id="agreement.records.notSigned"
              values={{ version: data.version }}
              parts={[<Anchor component={Link} to={WEB_PATHS.disclaimer} fw={600} />]}
            />
          </Text>
        )}
        {data.records.map((record) => (
          <Group key={record.id} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {t(record.current ? 'agreement.records.recordInForce' : 'agreement.records.record', {
                version: record.version,
                name: record.signerName,
                date: formatDateTime(record.signedAt),
                language: LANGUAGE_NAMES[record.language],
              })}
            </Text>
            <Button
              variant="light"
              size="xs"
              aria-label={t('agreement.records.downloadLabel', { version: record.version })}
              onClick={() => void download(record.id, record.fileName)}
            >
              {t('agreement.records.download')}
            </Button>
          </Group>
        ))}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}
