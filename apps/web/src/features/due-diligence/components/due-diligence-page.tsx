import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core'

/** While the latest answers load. */
export function AnswersLoading() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading your answers">
      <Skeleton height={18} />
      <Skeleton height={18} width="70%" />
    </Stack>
  )
}

/** The latest answers could not be read; the customer may try again. */
export function AnswersLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert role="alert" color="red" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{ALERT_MESSAGES.somethingWentWrong}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  )
}

/**
 * The api's field messages keyed by the form's field: `answers.` dropped and, for a list such as the countries, the
 * item's index too, so the message shows under the whole list.
 */
export function answerFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([path, message]) => [
      path.replace(/^answers\./, '').replace(/\.\d+$/, ''),
      message,
    ]),
  )
}
