import { CurrentPassword } from '@exchange/shared/account-security.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import type { PasskeyProof, SecondFactorProof } from '@exchange/shared/second-factor.schemas'
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { passkeysCatalog } from '../../../lib/passkeys/messages'
import { getPasskey, passkeyFailure, secondFactorCopy } from '../../../lib/passkey-browser'
import { firstError } from '../../../lib/validation'
import { accountSecurityCatalog } from '../messages'
import { fieldError } from './security-parts'
import { secondFactorCalls, secondFactorStatusQuery } from '../api/second-factor-calls'

/** What a sensitive action sends to prove it is the customer (decisions 121, 124). */
export interface Proof {
  currentPassword: string
  secondFactor?: SecondFactorProof
}

type ProofErrors = { currentPassword?: string | undefined; secondFactor?: string | undefined }

/** The shared rule's message for a missing current password, said in the customer's language. */
const PASSWORD_REQUIRED = firstError(CurrentPassword, '')

/** The current password's message: the shared rule's words, in the customer's language. */
function passwordError(message: string | undefined): string | undefined {
  return message === PASSWORD_REQUIRED
    ? accountSecurityCatalog.t('account-security.proof.passwordRequired')
    : fieldError(message)
}

const needsFactorMessage = () => accountSecurityCatalog.t('account-security.proof.needsFactor')

/** The refusals this block answers under its own fields. */
const FIELD_OF: Partial<Record<ErrorCode, keyof ProofErrors>> = {
  invalid_credentials: 'currentPassword',
  second_factor_required: 'secondFactor',
  second_factor_invalid: 'secondFactor',
  second_factor_used: 'secondFactor',
  passkey_invalid: 'secondFactor',
  passkey_challenge_invalid: 'secondFactor',
}

/** The block's fields: the password, the code field or the passkey's confirmation, and "Use a passkey". */
function ProofFields({
  id,
  factors,
  password: [password, onPassword],
  code: [code, onCode],
  passkeyReady,
  asking,
  errors,
  onPasskey,
}: {
  id: string
  factors: { totp: boolean; passkeys: unknown[] } | undefined
  password: [string, (value: string) => void]
  code: [string, (value: string) => void]
  passkeyReady: boolean
  asking: boolean
  errors: ProofErrors
  onPasskey: () => void
}) {
  const needsFactor = factors !== undefined && (factors.totp || factors.passkeys.length > 0)
  const hasPasskey = (factors?.passkeys.length ?? 0) > 0
  const t = useCatalog(accountSecurityCatalog)
  return (
    <Stack gap="sm">
      <PasswordInput
        id={`${id}-current-password`}
        label={t('account-security.proof.currentPassword')}
        autoComplete="current-password"
        required
        value={password}
        error={passwordError(errors.currentPassword)}
        onChange={(event) => onPassword(event.currentTarget.value)}
      />
      {needsFactor && (
        <Stack gap={6}>
          {passkeyReady ? (
            <Text size="sm" c="green.8" role="status">
              {t('account-security.proof.passkeyConfirmed')}
            </Text>
          ) : (
            <TextInput
              id={`${id}-second-factor`}
              label={factors?.totp ? t('account-security.proof.codeApp') : t('account-security.proof.codeRecovery')}
              description={hasPasskey ? t('account-security.proof.orPasskey') : undefined}
              autoComplete="one-time-code"
              value={code}
              error={errors.secondFactor}
              onChange={(event) => onCode(event.currentTarget.value)}
            />
          )}
          {hasPasskey && !passkeyReady && (
            <Group>
              <Button variant="default" size="xs" loading={asking} onClick={onPasskey}>
                {t('account-security.proof.usePasskey')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  )
}

/**
 * "Prove it's you", the one block every sensitive action of the account page and of two-factor sign-in shows: the
 * current password and, with a second factor on, a code of the authenticator app or a recovery code, or a passkey.
 * `collect` answers what to send (or undefined, with the messages shown); `refused` puts the api's refusal under its
 * field and answers whether it did.
 */
export function useProveItsYou(id: string) {
  // The refusals it shows are the passkeys catalog's, its own words this feature's (decision 129).
  useCatalog(passkeysCatalog)
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const status = useQuery(secondFactorStatusQuery(brand.brandName))
  const factors = status.data && status.data.result ? status.data.data : undefined
  const needsFactor = factors !== undefined && (factors.totp || factors.passkeys.length > 0)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [passkey, setPasskey] = useState<PasskeyProof | null>(null)
  const [asking, setAsking] = useState(false)
  const [errors, setErrors] = useState<ProofErrors>({})

  function collect(): Proof | undefined {
    const found: ProofErrors = {}
    found.currentPassword = firstError(CurrentPassword, password)
    if (needsFactor && !passkey && code.trim() === '') found.secondFactor = needsFactorMessage()
    setErrors(found)
    if (found.currentPassword || found.secondFactor) return undefined
    if (!needsFactor) return { currentPassword: password }
    return {
      currentPassword: password,
      secondFactor: passkey ? { passkey } : { code: code.replace(/[\s-]+/g, '') },
    }
  }

  function refused(answer: { error: ErrorCode; fields?: Record<string, string> | undefined }): boolean {
    const field = FIELD_OF[answer.error] ?? (answer.fields?.secondFactor ? 'secondFactor' : undefined)
    if (!field) return false
    // A passkey's answer is good for one try: the next asks the passkey again.
    setPasskey(null)
    const message =
      field === 'currentPassword'
        ? t('account-security.refusal.invalid_credentials')
        : (secondFactorCopy(answer.error) ?? answer.fields?.secondFactor ?? needsFactorMessage())
    setErrors({ [field]: message })
    return true
  }

  function reset() {
    setPassword('')
    setCode('')
    setPasskey(null)
    setErrors({})
  }

  async function askPasskey() {
    setAsking(true)
    setErrors((current) => ({ ...current, secondFactor: undefined }))
    try {
      const options = await secondFactorCalls.passkeyReauthOptions(brand.brandName)
      if (!options || !options.result) {
        setErrors((current) => ({ ...current, secondFactor: secondFactorCopy('passkey_challenge_invalid') }))
        return
      }
      const response = await getPasskey(options.data.options)
      setPasskey({ challengeId: options.data.challengeId, response: response as PasskeyProof['response'] })
    } catch (failure) {
      setErrors((current) => ({ ...current, secondFactor: passkeyFailure(failure) }))
    } finally {
      setAsking(false)
    }
  }

  const fields = (
    <ProofFields
      id={id}
      factors={factors}
      password={[password, setPassword]}
      code={[code, setCode]}
      passkeyReady={passkey !== null}
      asking={asking}
      errors={errors}
      onPasskey={() => void askPasskey()}
    />
  )
  return { fields, collect, refused, reset }
}
