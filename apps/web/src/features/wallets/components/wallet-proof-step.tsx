import { DECLARED_WALLET_LIMITS } from '@exchange/shared/wallet-proofs.schemas'
import type { CryptoCurrency } from '@exchange/shared/currencies'
import { Accordion, Button, Checkbox, Code, CopyButton, Group, Text, TextInput, Textarea } from '@mantine/core'
import type { FormOutcome, FormState } from '../../../components/ui/form'
import type { ProofRequest } from '../api/prove-wallet'
import { EXCHANGE_ADDRESS_NOTE, WALLET_HELP, proofKindOf } from '../wallet-help'

/** Where the wallet's keys are: with the customer, or with another exchange or a custodian (decision 084). */
export type Custody = 'self' | 'provider'

export interface Challenge {
  challengeId: string
  custody: Custody
  method: 'signed_message' | 'declaration'
  message: string
  crypto: CryptoCurrency
  address: string
}

/** What the customer gives as proof: a signature, or the declaration with who holds the wallet. */
export interface ProofValues {
  signature: string
  provider: string
  holder: string
  confirmed: boolean
}
export const NO_PROOF: ProofValues = { signature: '', provider: '', holder: '', confirmed: false }
type ProofForm = FormState<ProofValues, ProofRequest>

const { eur, gbp, usd } = DECLARED_WALLET_LIMITS
/** The limits of a declared wallet, in words. */
const PROVIDER_LIMITS_NOTE = `A wallet at an exchange is accepted for up to ${eur.perOrder.replace(/\.00$/, '')} EUR or CHF (${gbp.perOrder.replace(/\.00$/, '')} GBP, ${usd.perOrder.replace(/\.00$/, '')} USD) per order and ${eur.rolling.replace(/\.00$/, '')} EUR or CHF over 30 days. For more, use a wallet that can sign.`

/** The check of the proof the challenge asks for: its messages, or the request that sends it. */
export function proofCheck(challenge: Challenge | null, brandName: string) {
  return (values: ProofValues): FormOutcome<ProofValues, ProofRequest> => {
    if (!challenge) return { errors: {} }
    const { challengeId } = challenge
    const provider = values.provider.trim()
    const confirmed = values.confirmed ? undefined : 'Please confirm the declaration'
    if (challenge.custody === 'provider') {
      const errors = {
        provider: provider.length < 2 ? 'Please name the exchange or custodian' : undefined,
        holder: values.holder.trim().length < 2 ? 'Please give the account holder’s full name' : undefined,
        confirmed,
      }
      if (errors.provider || errors.holder || errors.confirmed) return { errors }
      const accountHolder = values.holder.trim()
      return {
        data: { kind: 'provider', brandName, challengeId, walletProvider: provider, accountHolder, confirm: true },
      }
    }
    if (challenge.method === 'signed_message') {
      const signature = values.signature.trim()
      if (signature === '') return { errors: { signature: 'Please paste the signature your wallet made' } }
      return { data: { kind: 'signature', brandName, challengeId, signature } }
    }
    const errors = {
      provider: provider.length < 2 ? 'Please name the wallet app or provider that holds this wallet' : undefined,
      confirmed,
    }
    if (errors.provider || errors.confirmed) return { errors }
    return { data: { kind: 'declaration', brandName, challengeId, walletProvider: provider, confirm: true } }
  }
}

/** The customer's declaration, confirmed with a tick. */
function ConfirmBox({ label, form: { values, errors, setField } }: { label: string; form: ProofForm }) {
  return (
    <Checkbox
      label={label}
      checked={values.confirmed}
      error={errors.confirmed}
      onChange={(event) => setField('confirmed', event.currentTarget.checked)}
    />
  )
}

/** A wallet at an exchange: who holds it and whose account it is, declared. */
function ProviderDeclaration({ address, form }: { address: string; form: ProofForm }) {
  const { values, errors, setField } = form
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {`An address at an exchange cannot sign. Tell us who holds ${address} for you: we keep this, as the law asks of us for every transfer to another provider.`}
      </Text>
      <Text size="xs" c="dimmed">
        {PROVIDER_LIMITS_NOTE}
      </Text>
      <TextInput
        label="Exchange or custodian"
        description="For example Kraken, Coinbase or Bitstamp."
        value={values.provider}
        error={errors.provider}
        onChange={(event) => setField('provider', event.currentTarget.value)}
      />
      <TextInput
        label="Account holder"
        description="Your full name, as the exchange knows it."
        value={values.holder}
        autoComplete="name"
        error={errors.holder}
        onChange={(event) => setField('holder', event.currentTarget.value)}
      />
      <ConfirmBox
        label="The account at this exchange is in my own name, and only I can use it. I understand that a false declaration may be a criminal offence."
        form={form}
      />
    </>
  )
}

/** How to sign the message, wallet by wallet, and the field for the signature. */
function SignatureFields({ challenge, form: { values, errors, setField } }: { challenge: Challenge; form: ProofForm }) {
  const kind = proofKindOf(challenge.crypto)
  return (
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
        description={kind === 'evm' ? 'It starts with 0x and is 132 characters long.' : 'About 88 letters and digits.'}
        value={values.signature}
        rows={3}
        spellCheck={false}
        error={errors.signature}
        onChange={(event) => setField('signature', event.currentTarget.value)}
      />
    </>
  )
}

/** On networks whose signatures we do not check: the wallet app or provider, and the declaration confirmed. */
function DeclarationFields({ form }: { form: ProofForm }) {
  const { values, errors, setField } = form
  return (
    <>
      <TextInput
        label="Wallet app or provider"
        description="For example Ledger Nano X, Trust Wallet, Exodus or the exchange that holds it."
        value={values.provider}
        error={errors.provider}
        onChange={(event) => setField('provider', event.currentTarget.value)}
      />
      <ConfirmBox label="I confirm this declaration." form={form} />
    </>
  )
}

/** The proof the challenge asks for: the declaration at an exchange, the message to sign, or the declaration. */
export function ProofFields({ challenge, form }: { challenge: Challenge; form: ProofForm }) {
  if (challenge.custody === 'provider') return <ProviderDeclaration address={challenge.address} form={form} />
  const signs = challenge.method === 'signed_message'
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {signs
          ? `Sign this message with the wallet ${challenge.address}. Copy it exactly, including every line.`
          : 'Read the declaration. By confirming it you declare that this wallet is yours.'}
      </Text>
      {/* Wrapped on screen only: what is copied and signed is the text itself, line breaks included. */}
      <Code
        block
        aria-label={signs ? 'Message to sign' : 'Declaration'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {challenge.message}
      </Code>
      {signs ? <SignatureFields challenge={challenge} form={form} /> : <DeclarationFields form={form} />}
    </>
  )
}

export function ProofActions({
  challenge,
  busy,
  messageSpent,
  addressFixed,
  onNewMessage,
  onBack,
}: {
  challenge: Challenge
  busy: boolean
  messageSpent: boolean
  addressFixed: boolean
  onNewMessage: () => void
  onBack: () => void
}) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={busy}>
        {challenge.method === 'signed_message' && challenge.custody === 'self' ? 'Prove wallet' : 'Declare wallet'}
      </Button>
      {messageSpent ? (
        <Button variant="subtle" onClick={onNewMessage}>
          Get a new message
        </Button>
      ) : null}
      <Button variant="subtle" color="gray" onClick={onBack}>
        {addressFixed ? 'Back' : 'Use another wallet'}
      </Button>
    </Group>
  )
}
