import type { AccountSession, ListSessionsAnswer } from '@exchange/shared/account-security.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { refusalMessage, securityCalls, sessionsQueryOptions } from '../api/account-security-calls'
import { SecuritySection } from './security-parts'

const FAILED = { result: false as const, error: 'internal_error' as const }

function SessionRow({ session, onEnd, ending }: { session: AccountSession; onEnd: () => void; ending: boolean }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {session.device}
          </Text>
          {session.current && (
            <Badge color="green" variant="light" size="sm">
              This device
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {session.place} · last seen {formatDateTime(session.lastSeenAt)}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="xs"
        loading={ending}
        onClick={onEnd}
        aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
      >
        Sign out
      </Button>
    </Group>
  )
}

/** The list itself: loading, the devices, or why they could not be shown. */
function SessionRows({
  listed,
  endingId,
  onEnd,
}: {
  listed: UseQueryResult<false | ListSessionsAnswer>
  endingId: string | undefined
  onEnd: (session: AccountSession) => void
}) {
  return (
    <>
      {listed.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading your sessions">
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : listed.data && listed.data.result ? (
        <Stack gap="md" component="ul" p={0} m={0} aria-label="Signed-in devices">
          {listed.data.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endingId === session.id}
              onEnd={() => onEnd(session)}
            />
          ))}
        </Stack>
      ) : (
        <Alert color="red">
          {listed.data === undefined || listed.data === false || !listed.data.result
            ? refusalMessage(listed.data ?? FAILED)
            : ALERT_MESSAGES.somethingWentWrong}
        </Alert>
      )}
    </>
  )
}

/** The devices signed in to the account, with "Sign out" on each and "Sign out everywhere else". */
export function SessionsList() {
  const brand = useBrand()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const listed = useQuery(sessionsQueryOptions(brand.brandName))
  const [alert, setAlert] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(brand.brandName).queryKey })
  const endOne = useMutation({ mutationFn: securityCalls.endSession })
  const endOthers = useMutation({ mutationFn: securityCalls.endOtherSessions })

  function end(session: AccountSession) {
    setAlert(null)
    endOne.mutate(
      { brandName: brand.brandName, sessionId: session.id },
      {
        onSuccess: (answer) => {
          if (answer && answer.result && session.current) void navigate(WEB_PATHS.logout)
          else if (answer && answer.result) {
            notifications.show({ color: 'green', title: 'Signed out', message: `${session.device} is signed out.` })
            void refresh()
          } else setAlert(refusalMessage(answer))
        },
        onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
      },
    )
  }

  function endEverywhereElse() {
    setAlert(null)
    endOthers.mutate(brand.brandName, {
      onSuccess: (answer) => {
        if (!answer || !answer.result) return setAlert(refusalMessage(answer))
        const count = answer.endedSessions
        notifications.show({
          color: 'green',
          title: 'Signed out everywhere else',
          message:
            count === 0
              ? 'No other device was signed in.'
              : `${count} other device${count === 1 ? '' : 's'} signed out.`,
        })
        void refresh()
      },
      onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
    })
  }

  return (
    <SecuritySection
      title="Where you are signed in"
      lead="Every device signed in to your account. If you do not know one, sign it out and change your password."
    >
      <SessionRows listed={listed} endingId={endOne.isPending ? endOne.variables?.sessionId : undefined} onEnd={end} />
      <FormAlert message={alert} />
      <Button
        variant="light"
        color="red"
        loading={endOthers.isPending}
        onClick={endEverywhereElse}
        style={{ alignSelf: 'flex-start' }}
      >
        Sign out everywhere else
      </Button>
    </SecuritySection>
  )
}
