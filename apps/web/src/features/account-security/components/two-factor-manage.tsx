import type { Passkey, SecondFactorStatus } from '@exchange/shared/second-factor.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { formatDate } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { accountSecurityCatalog } from '../messages'
import { createPasskey, passkeyFailure } from '../../../lib/passkey-browser'
import { secondFactorCalls, secondFactorStatusKey, secondFactorStatusQuery } from '../api/second-factor-calls'
import { setupStore } from '../second-factor-store'
import { OTP_CODES, OTP_PASSKEYS, SetupCard, secondFactorRefusal } from './two-factor-setup'
import { useProveItsYou } from './prove-its-you'

const FAILED = { result: false as const, error: 'internal_error' }

/** Reads the factors again after a change. */
function useRefreshStatus() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey() })
}

function useStatus() {
  const brand = useBrand()
  const status = useQuery(secondFactorStatusQuery(brand.brandName))
  return status.data && status.data.result ? status.data.data : undefined
}

/** otp4 with no factor on: the way to turn it on. */
function TwoFactorOff() {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <SetupCard title={t('account-security.manage.offTitle')}>
      <Text size="sm">{t('account-security.manage.offBody')}</Text>
      <Group>
        <Button component={Link} to={WEB_PATHS.securityCode[0]}>
          {t('account-security.twoFactor.turnOn')}
        </Button>
      </Group>
    </SetupCard>
  )
}

/** The factors in rows: the app on or off, the passkeys, the recovery codes left. */
function FactorRows({ factors }: { factors: SecondFactorStatus | undefined }) {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('account-security.twoFactor.app')}
        </Text>
        <Badge color={factors?.totp ? 'green' : 'gray'}>
          {factors?.totp ? t('account-security.twoFactor.on') : t('account-security.twoFactor.off')}
        </Badge>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('account-security.twoFactor.passkeys')}
        </Text>
        <Text size="sm">
          {factors?.passkeys.length ?? 0} ·{' '}
          <Link to={OTP_PASSKEYS} className="mantine-focus-auto">
            {t('account-security.manage.passkeysLink')}
          </Link>
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('account-security.manage.codesLeft')}
        </Text>
        <Text size="sm">{t('account-security.manage.codesOf', { count: factors?.recoveryCodesLeft ?? '…' })}</Text>
      </Group>
    </Stack>
  )
}

/**
 * otp4: the customer's second factors: the app on or off, the recovery codes left and new ones, the passkeys. Turning
 * the app off and new codes ask for proof first.
 */
export function TwoFactorManage() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const factors = useStatus()
  const refresh = useRefreshStatus()
  const proof = useProveItsYou('otp4')
  const [alert, setAlert] = useState<string | null>(null)
  const disable = useMutation({ mutationFn: secondFactorCalls.disableTotp })
  const renew = useMutation({ mutationFn: secondFactorCalls.renewRecoveryCodes })
  const on = factors !== undefined && (factors.totp || factors.passkeys.length > 0)

  function turnOff() {
    setAlert(null)
    const proved = proof.collect()
    if (!proved) return
    disable.mutate(
      { brandName: brand.brandName, ...proved },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            proof.reset()
            refresh()
            notifications.show({
              color: 'green',
              title: t('account-security.manage.turnedOffTitle'),
              message: t('account-security.manage.emailSent'),
            })
          } else if (!answer || !proof.refused(answer)) setAlert(secondFactorRefusal(answer))
        },
        onError: () => setAlert(secondFactorRefusal(FAILED)),
      },
    )
  }

  function newCodes() {
    setAlert(null)
    const proved = proof.collect()
    if (!proved) return
    renew.mutate(
      { brandName: brand.brandName, ...proved },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            setupStore.keepRecoveryCodes(answer.data.recoveryCodes)
            refresh()
            void navigate(OTP_CODES)
          } else if (!answer || !proof.refused(answer)) setAlert(secondFactorRefusal(answer))
        },
        onError: () => setAlert(secondFactorRefusal(FAILED)),
      },
    )
  }

  if (factors && !on) return <TwoFactorOff />
  return (
    <SetupCard title={t('account-security.manage.title')}>
      <FactorRows factors={factors} />
      <Text size="sm" c="dimmed">
        {t('account-security.manage.prove')}
      </Text>
      {proof.fields}
      <FormAlert message={alert} />
      <Group gap="sm">
        <Button onClick={newCodes} loading={renew.isPending}>
          {t('account-security.codes.makeNew')}
        </Button>
        {factors?.totp ? (
          <Button color="red" variant="light" onClick={turnOff} loading={disable.isPending}>
            {t('account-security.manage.turnOff')}
          </Button>
        ) : (
          <Button component={Link} to={WEB_PATHS.securityCode[0]} variant="default">
            {t('account-security.intro.setUpApp')}
          </Button>
        )}
      </Group>
    </SetupCard>
  )
}

/** When a passkey was added and last used. */
function PasskeyDates({ passkey }: { passkey: Passkey }) {
  const t = useCatalog(accountSecurityCatalog)
  const added = formatDate(passkey.createdAt)
  return (
    <Text size="xs" c="dimmed">
      {passkey.lastUsedAt
        ? t('account-security.passkey.usedOn', { added, used: formatDate(passkey.lastUsedAt) })
        : t('account-security.passkey.notUsed', { added })}
    </Text>
  )
}

/** One passkey of the list: its name (renamed in place), when it was added and last used, and its remove button. */
function PasskeyRow({ passkey, onRemove, removing }: { passkey: Passkey; onRemove: () => void; removing: boolean }) {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | undefined>()
  const rename = useMutation({ mutationFn: secondFactorCalls.renamePasskey })
  function save() {
    const trimmed = name.trim()
    if (!trimmed) return setError(t('account-security.passkey.nameRequired'))
    rename.mutate(
      { brandName: brand.brandName, passkeyId: passkey.id, name: trimmed },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            setEditing(false)
            void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey() })
          } else setError(secondFactorRefusal(answer))
        },
        onError: () => setError(secondFactorRefusal(FAILED)),
      },
    )
  }
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      {editing ? (
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('account-security.passkey.nameLabel')}
            value={name}
            error={error}
            maxLength={64}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button size="xs" onClick={save} loading={rename.isPending}>
            {t('account-security.passkey.save')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
            {t('account-security.passkey.cancel')}
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {passkey.name}
            </Text>
            <PasskeyDates passkey={passkey} />
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              aria-label={t('account-security.passkey.renameLabel', { name: passkey.name })}
            >
              {t('account-security.passkey.rename')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              loading={removing}
              aria-label={t('account-security.passkey.removeLabel', { name: passkey.name })}
            >
              {t('account-security.passkey.remove')}
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  )
}

/** Adds a passkey under its name: proof, the api's request, the browser's passkey, stored; a first one shows codes. */
function useAddPasskey(proof: ReturnType<typeof useProveItsYou>, setAlert: (message: string | null) => void) {
  const brand = useBrand()
  const navigate = useNavigate()
  const refresh = useRefreshStatus()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const [adding, setAdding] = useState(false)

  async function add() {
    setAlert(null)
    const trimmed = name.trim()
    setNameError(trimmed ? undefined : accountSecurityCatalog.t('account-security.passkeys.nameMissing'))
    const proved = proof.collect()
    if (!proved || !trimmed) return
    setAdding(true)
    try {
      const started = await secondFactorCalls.startPasskey({ brandName: brand.brandName, ...proved })
      if (!started || !started.result) {
        if (!started || !proof.refused(started)) setAlert(secondFactorRefusal(started))
        return
      }
      let response: Record<string, unknown>
      try {
        response = await createPasskey(started.data.options)
      } catch (failure) {
        return setAlert(passkeyFailure(failure))
      }
      const added = await secondFactorCalls.addPasskey({
        brandName: brand.brandName,
        challengeId: started.data.challengeId,
        name: trimmed,
        response: response as never,
      })
      if (!added || !added.result) return setAlert(secondFactorRefusal(added))
      proof.reset()
      setName('')
      refresh()
      notifications.show({
        color: 'green',
        title: accountSecurityCatalog.t('account-security.passkeys.addedTitle'),
        message: accountSecurityCatalog.t('account-security.passkeys.addedBody', { name: trimmed }),
      })
      if (added.data.recoveryCodes) {
        setupStore.keepRecoveryCodes(added.data.recoveryCodes)
        void navigate(OTP_CODES)
      }
    } catch {
      setAlert(secondFactorRefusal(FAILED))
    } finally {
      setAdding(false)
    }
  }

  return { name, setName, nameError, adding, add }
}

/** otp5: the passkeys: add one under a name (after proof), rename, remove (after proof). */
export function PasskeysScreen() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const factors = useStatus()
  const refresh = useRefreshStatus()
  const proof = useProveItsYou('otp5')
  const [alert, setAlert] = useState<string | null>(null)
  const { name, setName, nameError, adding, add } = useAddPasskey(proof, setAlert)
  const remove = useMutation({ mutationFn: secondFactorCalls.removePasskey })

  function removeKey(passkey: Passkey) {
    setAlert(null)
    const proved = proof.collect()
    if (!proved) return
    remove.mutate(
      { brandName: brand.brandName, ...proved, passkeyId: passkey.id },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            proof.reset()
            refresh()
            notifications.show({
              color: 'green',
              title: t('account-security.passkeys.removedTitle'),
              message: t('account-security.passkeys.removedBody', { name: passkey.name }),
            })
          } else if (!answer || !proof.refused(answer)) setAlert(secondFactorRefusal(answer))
        },
        onError: () => setAlert(secondFactorRefusal(FAILED)),
      },
    )
  }

  const keys = factors?.passkeys ?? []
  return (
    <SetupCard title={t('account-security.passkeys.title')}>
      <Text size="sm">{t('account-security.passkeys.body')}</Text>
      {keys.length > 0 ? (
        <Stack gap="xs" component="ul" aria-label={t('account-security.twoFactor.passkeysList')} p={0} m={0}>
          {keys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables?.passkeyId === passkey.id}
              onRemove={() => removeKey(passkey)}
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('account-security.passkeys.none')}
        </Text>
      )}
      <TextInput
        id="otp5-passkey-name"
        label={t('account-security.passkeys.newName')}
        placeholder={t('account-security.passkeys.namePlaceholder')}
        maxLength={64}
        value={name}
        error={nameError}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Text size="sm" c="dimmed">
        {t('account-security.passkeys.prove')}
      </Text>
      {proof.fields}
      <FormAlert message={alert} />
      <Group>
        <Button onClick={() => void add()} loading={adding}>
          {t('account-security.passkeys.add')}
        </Button>
      </Group>
    </SetupCard>
  )
}
