import { CRYPTO_CURRENCIES, CRYPTO_NAMES, type CryptoCurrency } from '@exchange/shared/currencies'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { DECLARED_WALLET_LIMITS, type ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { walletAddressSchema } from '@exchange/shared/wallets'
import {
  Accordion,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '../../../components/ui/form-alert'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand } from '../../../lib/brand-context'
import { firstError } from '../../../lib/validation'
import { useProveWallet } from '../api/prove-wallet'
import { useRequestWalletChallenge } from '../api/request-wallet-challenge'
import { EXCHANGE_ADDRESS_NOTE, WALLET_HELP, proofKindOf } from '../wallet-help'

/** The paid order whose wallet the form proves: its coin is fixed, its address given unless the order has none. */
export interface WalletForOrder {
  reference: string
  crypto: CryptoCurrency
  /** null when the order was started without a wallet: the customer gives it here. */
  wallet: string | null
  /** Paid and waiting for the wallet, or not yet paid (the wallet is proven before payment). */
  paid: boolean
}

/** Where the wallet's keys are: with the customer, or with another exchange or a custodian (decision 084). */
type Custody = 'self' | 'provider'

const { eur, gbp, usd } = DECLARED_WALLET_LIMITS
/** The limits of a declared wallet, in words. */
export const PROVIDER_LIMITS_NOTE = `A wallet at an exchange is accepted for up to ${eur.perOrder.replace(/\.00$/, '')} EUR or CHF (${gbp.perOrder.replace(/\.00$/, '')} GBP, ${usd.perOrder.replace(/\.00$/, '')} USD) per order and ${eur.rolling.replace(/\.00$/, '')} EUR or CHF over 30 days. For more, use a wallet that can sign.`

interface Challenge {
  challengeId: string
  custody: Custody
  method: 'signed_message' | 'declaration'
  message: string
  crypto: CryptoCurrency
  address: string
}

interface ProveWalletFormProps {
  order: WalletForOrder | null
  /** Runs once the wallet is saved; answers a message to show when what follows failed, else null. */
  onProven: (wallet: ProvenWallet) => Promise<string | null>
}

/** Copy of the proof refusals, naming the wallet where it helps. */
function proofErrorCopy(error: ErrorCode, address: string): string {
  if (error === 'wallet_signature_invalid')
    return `This signature does not match the message and the wallet ${address}. Sign the message exactly as shown, with this wallet, and paste the whole signature.`
  return alertCopyFor({ error }, ALERT_MESSAGES.somethingWentWrong)
}

/**
 * Proving a wallet: the coin and address (checked as the calculator checks them), then either the exact message to
 * sign with a field for the signature, or, on networks whose signatures we do not check, the declaration with the
 * wallet provider's name.
 */
export function ProveWalletForm({ order, onProven }: ProveWalletFormProps) {
  const brand = useBrand()
  const [crypto, setCrypto] = useState<CryptoCurrency>(order?.crypto ?? 'btc')
  const [address, setAddress] = useState(order?.wallet ?? '')
  const [addressError, setAddressError] = useState<string | undefined>()
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const [signature, setSignature] = useState('')
  const [signatureError, setSignatureError] = useState<string | undefined>()
  const [provider, setProvider] = useState('')
  const [providerError, setProviderError] = useState<string | undefined>()
  const [custody, setCustody] = useState<Custody>('self')
  const [holder, setHolder] = useState('')
  const [holderError, setHolderError] = useState<string | undefined>()
  const [confirmed, setConfirmed] = useState(false)
  const [confirmError, setConfirmError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  // The message ran out (expired, used, or tried too often): only a new one can be signed.
  const [messageSpent, setMessageSpent] = useState(false)
  const [finishing, setFinishing] = useState(false)
  const requestChallenge = useRequestWalletChallenge()
  const prove = useProveWallet()

  const coinFixed = order !== null
  const addressFixed = order?.wallet != null

  async function askForMessage(event?: FormEvent) {
    event?.preventDefault()
    setError(null)
    const typed = address.trim()
    const invalid = typed === '' ? 'Please enter the wallet address' : firstError(walletAddressSchema(crypto), typed)
    setAddressError(invalid)
    if (invalid) return
    try {
      const answer = await requestChallenge.mutateAsync({
        brandName: brand.brandName,
        wallet: { crypto, address: typed },
      })
      if (!answer || !answer.result) {
        setError(answer ? alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong) : ALERT_MESSAGES.somethingWentWrong)
        return
      }
      setChallenge({ ...answer.data, custody, crypto, address: typed })
      setMessageSpent(false)
      setSignature('')
      setSignatureError(undefined)
    } catch {
      setError(ALERT_MESSAGES.somethingWentWrong)
    }
  }

  async function sendProof(event: FormEvent) {
    event.preventDefault()
    if (!challenge) return
    setError(null)
    if (challenge.custody === 'provider') {
      const noName = provider.trim().length < 2 ? 'Please name the exchange or custodian' : undefined
      const noHolder = holder.trim().length < 2 ? 'Please give the account holder’s full name' : undefined
      const noConfirm = confirmed ? undefined : 'Please confirm the declaration'
      setProviderError(noName)
      setHolderError(noHolder)
      setConfirmError(noConfirm)
      if (noName || noHolder || noConfirm) return
    } else if (challenge.method === 'signed_message') {
      const invalid = signature.trim() === '' ? 'Please paste the signature your wallet made' : undefined
      setSignatureError(invalid)
      if (invalid) return
    } else {
      const name = provider.trim()
      const noName = name.length < 2 ? 'Please name the wallet app or provider that holds this wallet' : undefined
      const noConfirm = confirmed ? undefined : 'Please confirm the declaration'
      setProviderError(noName)
      setConfirmError(noConfirm)
      if (noName || noConfirm) return
    }
    try {
      const answer = await prove.mutateAsync(
        challenge.custody === 'provider'
          ? {
              kind: 'provider',
              brandName: brand.brandName,
              challengeId: challenge.challengeId,
              walletProvider: provider.trim(),
              accountHolder: holder.trim(),
              confirm: true,
            }
          : challenge.method === 'signed_message'
            ? {
                kind: 'signature',
                brandName: brand.brandName,
                challengeId: challenge.challengeId,
                signature: signature.trim(),
              }
            : {
                kind: 'declaration',
                brandName: brand.brandName,
                challengeId: challenge.challengeId,
                walletProvider: provider.trim(),
                confirm: true,
              },
      )
      if (!answer || !answer.result) {
        setError(answer ? proofErrorCopy(answer.error, challenge.address) : ALERT_MESSAGES.somethingWentWrong)
        setMessageSpent(answer !== false && answer.error === 'wallet_challenge_invalid')
        return
      }
      setFinishing(true)
      const failed = await onProven(answer.data)
      setFinishing(false)
      if (failed) {
        setError(failed)
        return
      }
      setChallenge(null)
      setProvider('')
      setHolder('')
      setConfirmed(false)
      if (!addressFixed) setAddress('')
    } catch {
      setFinishing(false)
      setError(ALERT_MESSAGES.somethingWentWrong)
    }
  }

  const kind = proofKindOf(crypto)

  return (
    <Stack gap="md" component="section" aria-labelledby="prove-wallet-title">
      <Title id="prove-wallet-title" order={2} fz="lg">
        {order ? 'Prove the wallet of your order' : 'Prove a new wallet'}
      </Title>
      <FormAlert message={error} />
      {!challenge ? (
        <form aria-label="Wallet to prove" onSubmit={(event) => void askForMessage(event)} noValidate>
          <Stack gap="sm">
            <NativeSelect
              label="Coin"
              value={crypto}
              disabled={coinFixed}
              data={CRYPTO_CURRENCIES.map((coin) => ({
                value: coin,
                label: `${coin.toUpperCase()} – ${CRYPTO_NAMES[coin]}`,
              }))}
              onChange={(event) => {
                setCrypto(event.currentTarget.value as CryptoCurrency)
                setAddressError(undefined)
              }}
            />
            <Radio.Group
              label="Where is this wallet?"
              value={custody}
              onChange={(value) => setCustody(value as Custody)}
            >
              <Stack gap={6} mt={6}>
                <Radio value="self" label="In my own wallet app or device" />
                <Radio value="provider" label="At an exchange or custodian (for example my deposit address there)" />
              </Stack>
            </Radio.Group>
            <TextInput
              label="Wallet address"
              description={
                custody === 'provider'
                  ? 'Next, you name the exchange or custodian and declare that the account there is yours.'
                  : kind === 'declaration'
                    ? 'We ask you to declare that this wallet is yours and to name the wallet app or provider that holds it.'
                    : 'Next, you sign a short message with this wallet. It costs nothing and moves no coins.'
              }
              value={address}
              readOnly={addressFixed}
              autoComplete="off"
              spellCheck={false}
              error={addressError}
              onChange={(event) => {
                setAddress(event.currentTarget.value)
                setAddressError(undefined)
              }}
            />
            <Group>
              <Button type="submit" loading={requestChallenge.isPending}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form aria-label="Proof of the wallet" onSubmit={(event) => void sendProof(event)} noValidate>
          <Stack gap="sm">
            {challenge.custody === 'provider' ? (
              <>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {`An address at an exchange cannot sign. Tell us who holds ${challenge.address} for you: we keep this, as the law asks of us for every transfer to another provider.`}
                </Text>
                <Text size="xs" c="dimmed">
                  {PROVIDER_LIMITS_NOTE}
                </Text>
                <TextInput
                  label="Exchange or custodian"
                  description="For example Kraken, Coinbase or Bitstamp."
                  value={provider}
                  error={providerError}
                  onChange={(event) => {
                    setProvider(event.currentTarget.value)
                    setProviderError(undefined)
                  }}
                />
                <TextInput
                  label="Account holder"
                  description="Your full name, as the exchange knows it."
                  value={holder}
                  autoComplete="name"
                  error={holderError}
                  onChange={(event) => {
                    setHolder(event.currentTarget.value)
                    setHolderError(undefined)
                  }}
                />
                <Checkbox
                  label="The account at this exchange is in my own name, and only I can use it. I understand that a false declaration may be a criminal offence."
                  checked={confirmed}
                  error={confirmError}
                  onChange={(event) => {
                    setConfirmed(event.currentTarget.checked)
                    setConfirmError(undefined)
                  }}
                />
              </>
            ) : (
              <>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {challenge.method === 'signed_message'
                    ? `Sign this message with the wallet ${challenge.address}. Copy it exactly, including every line.`
                    : 'Read the declaration. By confirming it you declare that this wallet is yours.'}
                </Text>
                {/* Wrapped on screen only: what is copied and signed is the text itself, line breaks included. */}
                <Code
                  block
                  aria-label={challenge.method === 'signed_message' ? 'Message to sign' : 'Declaration'}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {challenge.message}
                </Code>
                {challenge.method === 'signed_message' ? (
                  <>
                    <Group>
                      <CopyButton value={challenge.message}>
                        {({ copied, copy }) => (
                          <Button variant="light" size="xs" onClick={copy}>
                            {copied ? 'Message copied' : 'Copy message'}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                    <Accordion variant="contained" radius="md" aria-label="How to sign with your wallet">
                      {WALLET_HELP[kind === 'evm' ? 'evm' : 'bitcoin'].map((help) => (
                        <Accordion.Item key={help.wallet} value={help.wallet}>
                          <Accordion.Control>{help.wallet}</Accordion.Control>
                          <Accordion.Panel>
                            <Text size="sm">{help.steps}</Text>
                          </Accordion.Panel>
                        </Accordion.Item>
                      ))}
                    </Accordion>
                    <Text size="xs" c="dimmed">
                      {EXCHANGE_ADDRESS_NOTE}
                    </Text>
                    <Textarea
                      label="Signature"
                      description={
                        kind === 'evm'
                          ? 'It starts with 0x and is 132 characters long.'
                          : 'About 88 letters and digits.'
                      }
                      value={signature}
                      rows={3}
                      spellCheck={false}
                      error={signatureError}
                      onChange={(event) => {
                        setSignature(event.currentTarget.value)
                        setSignatureError(undefined)
                      }}
                    />
                  </>
                ) : (
                  <>
                    <TextInput
                      label="Wallet app or provider"
                      description="For example Ledger Nano X, Trust Wallet, Exodus or the exchange that holds it."
                      value={provider}
                      error={providerError}
                      onChange={(event) => {
                        setProvider(event.currentTarget.value)
                        setProviderError(undefined)
                      }}
                    />
                    <Checkbox
                      label="I confirm this declaration."
                      checked={confirmed}
                      error={confirmError}
                      onChange={(event) => {
                        setConfirmed(event.currentTarget.checked)
                        setConfirmError(undefined)
                      }}
                    />
                  </>
                )}
              </>
            )}
            <Group gap="sm">
              <Button type="submit" loading={prove.isPending || finishing}>
                {challenge.method === 'signed_message' && challenge.custody === 'self'
                  ? 'Prove wallet'
                  : 'Declare wallet'}
              </Button>
              {messageSpent ? (
                <Button variant="subtle" onClick={() => void askForMessage()}>
                  Get a new message
                </Button>
              ) : null}
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setChallenge(null)
                  setError(null)
                }}
              >
                {addressFixed ? 'Back' : 'Use another wallet'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
