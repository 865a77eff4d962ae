import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core'
import { localizeCopy } from '../../lib/common-copy'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'

/** Two grey lines while a screen's answer is on its way; `label` is what a screen reader hears. */
export function LoadingLines({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      <Skeleton height={18} />
      <Skeleton height={18} width="70%" />
    </Stack>
  )
}

/**
 * An answer could not be had: the message (by default spec section 8's), under what could not be loaded when a
 * `title` says it, and a way to ask again.
 */
export function LoadFailed({
  onRetry,
  message = ALERT_MESSAGES.somethingWentWrong,
  title,
}: {
  onRetry: () => void
  message?: string
  title?: string
}) {
  const t = useCatalog(uiCatalog)
  return (
    <Alert role="alert" color="red" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{localizeCopy(message)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('ui.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  )
}
