import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame both due-diligence screens share: their title, why we ask, the notice and the body. */
export function DueDiligencePage({
  title,
  intro,
  notice,
  children,
}: {
  title: string
  intro: string
  notice?: ReactNode
  children: ReactNode
}) {
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {notice}
      {children}
    </Stack>
  )
}

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
