import type { Passkey, SecondFactorStatus } from '@exchange/shared/second-factor.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { createPasskey, passkeyFailure } from '../../../lib/passkey-browser'
import { secondFactorCalls, secondFactorStatusKey, secondFactorStatusQuery } from '../api/second-factor-calls'
import { setupStore } from '../second-factor-store'
import { OTP_CODES, OTP_PASSKEYS, SetupCard, secondFactorRefusal } from './two-factor-setup'
import { useProveItsYou } from './prove-its-you'
import { formatDate } from '../../../lib/format'

const FAILED = { result: false as const, error: 'internal_error' }
const when = formatDate

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
  return (
    <SetupCard title="Two-factor sign-in is off">
      <Text size="sm">Your password alone signs you in. Add a second step to protect your account.</Text>
      <Group>
        <Button component={Link} to={WEB_PATHS.securityCode[0]}>
          Turn on two-factor sign-in
        </Button>
      </Group>
    </SetupCard>
  )
}

/** The factors in rows: the app on or off, the passkeys, the recovery codes left. */
function FactorRows({ factors }: { factors: SecondFactorStatus | undefined }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Authenticator app
        </Text>
        <Badge color={factors?.totp ? 'green' : 'gray'}>{factors?.totp ? 'On' : 'Off'}</Badge>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Passkeys
        </Text>
        <Text size="sm">
          {factors?.passkeys.length ?? 0} ·{' '}
          <Link to={OTP_PASSKEYS} className="mantine-focus-auto">
            Manage passkeys
          </Link>
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Recovery codes left
        </Text>
        <Text size="sm">{factors?.recoveryCodesLeft ?? '…'} of 10</Text>
      </Group>
    </Stack>
  )
}

/**
 * otp4: the customer's second factors: the app on or off, the recovery codes left and new ones, the passkeys. Turning
 * the app off and new codes ask for proof first.
 */
export function TwoFactorManage() {
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
              title: 'Authenticator app turned off',
              message: 'We have sent you an e-mail about it.',
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
    <SetupCard title="Your second factors">
      <FactorRows factors={factors} />
      <Text size="sm" c="dimmed">
        To make new recovery codes or turn the app off, prove it&apos;s you.
      </Text>
      {proof.fields}
      <FormAlert message={alert} />
      <Group gap="sm">
        <Button onClick={newCodes} loading={renew.isPending}>
          Make new recovery codes
        </Button>
        {factors?.totp ? (
          <Button color="red" variant="light" onClick={turnOff} loading={disable.isPending}>
            Turn off the app
          </Button>
        ) : (
          <Button component={Link} to={WEB_PATHS.securityCode[0]} variant="default">
            Set up an authenticator app
          </Button>
        )}
      </Group>
    </SetupCard>
  )
}

/** One passkey of the list: its name (renamed in place), when it was added and last used, and its remove button. */
function PasskeyRow({ passkey, onRemove, removing }: { passkey: Passkey; onRemove: () => void; removing: boolean }) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | undefined>()
  const rename = useMutation({ mutationFn: secondFactorCalls.renamePasskey })
  function save() {
    const trimmed = name.trim()
    if (!trimmed) return setError('Give the passkey a name')
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
            label="Passkey name"
            value={name}
            error={error}
            maxLength={64}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button size="xs" onClick={save} loading={rename.isPending}>
            Save
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              Added {when(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              loading={removing}
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
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
    setNameError(trimmed ? undefined : 'Give the passkey a name, such as "Work laptop"')
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
      notifications.show({ color: 'green', title: 'Passkey added', message: `"${trimmed}" can now sign you in.` })
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
              title: 'Passkey removed',
              message: `"${passkey.name}" can no longer sign you in.`,
            })
          } else if (!answer || !proof.refused(answer)) setAlert(secondFactorRefusal(answer))
        },
        onError: () => setAlert(secondFactorRefusal(FAILED)),
      },
    )
  }

  const keys = factors?.passkeys ?? []
  return (
    <SetupCard title="Your passkeys">
      <Text size="sm">
        A passkey signs you in with your device&apos;s screen lock or a security key, and cannot be used on a fake site.
        Add one for each device you use.
      </Text>
      {keys.length > 0 ? (
        <Stack gap="xs" component="ul" aria-label="Your passkeys" p={0} m={0}>
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
          You have no passkeys yet.
        </Text>
      )}
      <TextInput
        id="otp5-passkey-name"
        label="Name of the new passkey"
        placeholder="Work laptop"
        maxLength={64}
        value={name}
        error={nameError}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Text size="sm" c="dimmed">
        To add or remove a passkey, prove it&apos;s you.
      </Text>
      {proof.fields}
      <FormAlert message={alert} />
      <Group>
        <Button onClick={() => void add()} loading={adding}>
          Add a passkey
        </Button>
      </Group>
    </SetupCard>
  )
}
