import type { AccountSession, ListSessionsAnswer } from '@exchange/shared/account-security.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { accountSecurityCatalog } from '../messages'
import { refusalMessage, securityCalls, sessionsQueryOptions } from '../api/account-security-calls'
import { SecuritySection } from './security-parts'

const FAILED = { result: false as const, error: 'internal_error' as const }

function SessionRow({ session, onEnd, ending }: { session: AccountSession; onEnd: () => void; ending: boolean }) {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {session.device}
          </Text>
          {session.current && (
            <Badge color="green" variant="light" size="sm">
              {t('account-security.sessions.thisDevice')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('account-security.sessions.lastSeen', {
            place: session.place,
            when: formatDateTime(session.lastSeenAt),
          })}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="xs"
        loading={ending}
        onClick={onEnd}
        aria-label={t(
          session.current ? 'account-security.sessions.signOutThisDevice' : 'account-security.sessions.signOutDevice',
          { device: session.device },
        )}
      >
        {t('account-security.sessions.signOut')}
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
  const t = useCatalog(accountSecurityCatalog)
  return (
    <>
      {listed.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('account-security.sessions.loading')}>
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : listed.data && listed.data.result ? (
        <Stack gap="md" component="ul" p={0} m={0} aria-label={t('account-security.sessions.devices')}>
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
          {refusalMessage(
            listed.data === undefined || listed.data === false || !listed.data.result
              ? (listed.data ?? FAILED)
              : FAILED,
          )}
        </Alert>
      )}
    </>
  )
}

/** The devices signed in to the account, with "Sign out" on each and "Sign out everywhere else". */
export function SessionsList() {
  const t = useCatalog(accountSecurityCatalog)
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
            notifications.show({
              color: 'green',
              title: t('account-security.sessions.signedOutTitle'),
              message: t('account-security.sessions.signedOut', { device: session.device }),
            })
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
          title: t('account-security.sessions.everywhereTitle'),
          message:
            count === 0
              ? t('account-security.sessions.noOther')
              : t('account-security.sessions.othersSignedOut', { count }),
        })
        void refresh()
      },
      onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
    })
  }

  return (
    <SecuritySection title={t('account-security.sessions.title')} lead={t('account-security.sessions.lead')}>
      <SessionRows listed={listed} endingId={endOne.isPending ? endOne.variables?.sessionId : undefined} onEnd={end} />
      <FormAlert message={alert} />
      <Button
        variant="light"
        color="red"
        loading={endOthers.isPending}
        onClick={endEverywhereElse}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('account-security.sessions.everywhere')}
      </Button>
    </SecuritySection>
  )
}
