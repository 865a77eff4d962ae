import { CRYPTO_CURRENCIES, CRYPTO_NAMES, type CryptoCurrency } from '@exchange/shared/currencies'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { walletAddressSchema } from '@exchange/shared/wallet-addresses'
import { Button, Group, NativeSelect, Radio, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '../../../components/ui/form-alert'
import { alertCopyFor } from '../../../lib/dashboard-alert-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useBrand } from '../../../lib/brand-context'
import { useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { firstError } from '../../../lib/validation'
import { useProveWallet } from '../api/prove-wallet'
import { useRequestWalletChallenge } from '../api/request-wallet-challenge'
import { walletsCatalog } from '../messages'
import { proofKindOf } from '../wallet-help'
import { NO_PROOF, ProofActions, ProofFields, proofCheck, type Challenge, type Custody } from './wallet-proof-step'

/** The paid order whose wallet the form proves: its coin is fixed, its address given unless the order has none. */
export interface WalletForOrder {
  reference: string
  crypto: CryptoCurrency
  /** null when the order was started without a wallet: the customer gives it here. */
  wallet: string | null
  /** Paid and waiting for the wallet, or not yet paid (the wallet is proven before payment). */
  paid: boolean
}

interface ProveWalletFormProps {
  order: WalletForOrder | null
  /** Runs once the wallet is saved; answers a message to show when what follows failed, else null. */
  onProven: (wallet: ProvenWallet) => Promise<string | null>
}

interface WalletValues {
  crypto: CryptoCurrency
  custody: Custody
  address: string
}
type WalletForm = FormState<WalletValues, WalletValues>

/** The address as typed, checked as the calculator checks it. */
function checkWallet(values: WalletValues): FormOutcome<WalletValues, WalletValues> {
  const address = values.address.trim()
  const invalid =
    address === ''
      ? walletsCatalog.t('wallets.prove.addressRequired')
      : firstError(walletAddressSchema(values.crypto), address) && addressInvalid(values.crypto)
  return invalid ? { errors: { address: invalid } } : { data: { ...values, address } }
}

const coinOf = (value: string): CryptoCurrency | undefined => CRYPTO_CURRENCIES.find((coin) => coin === value)
const custodyOf = (value: string): Custody => (value === 'provider' ? 'provider' : 'self')

/** "Please enter a valid BTC wallet address" (the shared `walletAddressMessage`), in the customer's language. */
export function addressInvalid(coin: string): string {
  return walletsCatalog.t('wallets.prove.addressInvalid', { coin: coin.toUpperCase() })
}

/** A failed answer's copy (the shared English where there is no translation yet), else "Something went wrong". */
const failureCopy = (failure?: { error: ErrorCode }) =>
  alertCopyFor(failure ?? { error: 'internal_error' }, ALERT_MESSAGES.somethingWentWrong)

/** Copy of the proof refusals, naming the wallet where it helps. */
function proofErrorCopy(error: ErrorCode, address: string): string {
  if (error === 'wallet_signature_invalid') return walletsCatalog.t('wallets.prove.signatureInvalid', { address })
  return failureCopy({ error })
}

/** The first step: the coin, where the wallet is, and its address. */
function WalletFields({
  form,
  coinFixed,
  addressFixed,
}: {
  form: WalletForm
  coinFixed: boolean
  addressFixed: boolean
}) {
  const t = useCatalog(walletsCatalog)
  const { values, errors, setField, setErrors } = form
  const kind = proofKindOf(values.crypto)
  return (
    <>
      <NativeSelect
        label={t('wallets.prove.coin')}
        value={values.crypto}
        disabled={coinFixed}
        data={CRYPTO_CURRENCIES.map((coin) => ({
          value: coin,
          label: `${coin.toUpperCase()} – ${CRYPTO_NAMES[coin]}`,
        }))}
        onChange={(event) => {
          const coin = coinOf(event.currentTarget.value)
          if (coin) setField('crypto', coin)
          // Another coin checks the address by other rules.
          setErrors({})
        }}
      />
      <Radio.Group
        label={t('wallets.prove.where')}
        value={values.custody}
        onChange={(value) => setField('custody', custodyOf(value))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="self" label={t('wallets.prove.self')} />
          <Radio value="provider" label={t('wallets.prove.provider')} />
        </Stack>
      </Radio.Group>
      <TextInput
        label={t('wallets.prove.address')}
        description={
          values.custody === 'provider'
            ? t('wallets.prove.addressProvider')
            : kind === 'declaration'
              ? t('wallets.prove.addressDeclaration')
              : t('wallets.prove.addressSign')
        }
        value={values.address}
        readOnly={addressFixed}
        autoComplete="off"
        spellCheck={false}
        error={errors.address}
        onChange={(event) => setField('address', event.currentTarget.value)}
      />
    </>
  )
}

/**
 * The two steps' state: the wallet, then the challenge for it and the proof. The proof's answers stay when the
 * customer goes back to the wallet, as they are theirs.
 */
function useWalletProof({ order, onProven }: ProveWalletFormProps) {
  const brand = useBrand()
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The message ran out (expired, used, or tried too often): only a new one can be signed.
  const [messageSpent, setMessageSpent] = useState(false)
  const [finishing, setFinishing] = useState(false)
  const requestChallenge = useRequestWalletChallenge()
  const prove = useProveWallet()
  const initial: WalletValues = { crypto: order?.crypto ?? 'btc', custody: 'self', address: order?.wallet ?? '' }
  const wallet = useForm(initial, checkWallet, true)
  const proof = useForm(NO_PROOF, proofCheck(challenge, brand.brandName), true)
  const addressFixed = order?.wallet != null

  async function askForMessage(event?: FormEvent) {
    event?.preventDefault()
    setError(null)
    const checked = wallet.submit()
    if (!checked) return
    try {
      const answer = await requestChallenge.mutateAsync({
        brandName: brand.brandName,
        wallet: { crypto: checked.crypto, address: checked.address },
      })
      if (!answer || !answer.result) {
        setError(failureCopy(answer || undefined))
        return
      }
      setChallenge({ ...answer.data, ...checked })
      setMessageSpent(false)
      proof.reset({ signature: '' })
      proof.setErrors((current) => ({ ...current, signature: undefined }))
    } catch {
      setError(failureCopy())
    }
  }

  async function sendProof(event: FormEvent) {
    event.preventDefault()
    if (!challenge) return
    setError(null)
    const request = proof.submit()
    if (!request) return
    try {
      const answer = await prove.mutateAsync(request)
      if (!answer || !answer.result) {
        setError(answer ? proofErrorCopy(answer.error, challenge.address) : failureCopy())
        setMessageSpent(answer !== false && answer.error === 'wallet_challenge_invalid')
        return
      }
      setFinishing(true)
      const failed = await onProven(answer.data)
      setFinishing(false)
      if (failed) return setError(failed)
      setChallenge(null)
      proof.reset({ provider: '', holder: '', confirmed: false })
      if (!addressFixed) wallet.reset({ address: '' })
    } catch {
      setFinishing(false)
      setError(failureCopy())
    }
  }

  const busy = { asking: requestChallenge.isPending, proving: prove.isPending || finishing }
  const back = () => {
    setChallenge(null)
    setError(null)
  }
  return { wallet, proof, challenge, error, messageSpent, busy, addressFixed, askForMessage, sendProof, back }
}

/**
 * Proving a wallet: the coin and address (checked as the calculator checks them), then either the exact message to
 * sign with a field for the signature, or, on networks whose signatures we do not check, the declaration with the
 * wallet provider's name.
 */
export function ProveWalletForm(props: ProveWalletFormProps) {
  const t = useCatalog(walletsCatalog)
  const { order } = props
  const { wallet, proof, challenge, error, messageSpent, busy, addressFixed, askForMessage, sendProof, back } =
    useWalletProof(props)
  return (
    <Stack gap="md" component="section" aria-labelledby="prove-wallet-title">
      <Title id="prove-wallet-title" order={2} fz="lg">
        {order ? t('wallets.prove.titleOrder') : t('wallets.prove.titleNew')}
      </Title>
      <FormAlert message={error} />
      {!challenge ? (
        <form aria-label={t('wallets.prove.walletForm')} onSubmit={(event) => void askForMessage(event)} noValidate>
          <Stack gap="sm">
            <WalletFields form={wallet} coinFixed={order !== null} addressFixed={addressFixed} />
            <Group>
              <Button type="submit" loading={busy.asking}>
                {t('wallets.prove.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form aria-label={t('wallets.prove.proofForm')} onSubmit={(event) => void sendProof(event)} noValidate>
          <Stack gap="sm">
            <ProofFields challenge={challenge} form={proof} />
            <ProofActions
              challenge={challenge}
              busy={busy.proving}
              messageSpent={messageSpent}
              addressFixed={addressFixed}
              onNewMessage={() => void askForMessage()}
              onBack={back}
            />
          </Stack>
        </form>
      )}
    </Stack>
  )
}
