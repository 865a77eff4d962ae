import { DECLARED_WALLET_LIMITS } from '@exchange/shared/wallet-proofs.schemas'
import type { CryptoCurrency } from '@exchange/shared/currencies'
import { Accordion, Button, Checkbox, Code, CopyButton, Group, Text, TextInput, Textarea } from '@mantine/core'
import type { FormOutcome, FormState } from '../../../components/ui/form'
import type { ProofRequest } from '../api/prove-wallet'
import { useCatalog } from '../../../lib/i18n/catalog'
import { walletsCatalog } from '../messages'
import { WALLET_HELP, proofKindOf } from '../wallet-help'

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
const whole = (amount: string) => amount.replace(/\.00$/, '')
/** The limits of a declared wallet, in words. */
const providerLimitsNote = () =>
  walletsCatalog.t('wallets.proof.providerLimits', {
    eur: whole(eur.perOrder),
    gbp: whole(gbp.perOrder),
    usd: whole(usd.perOrder),
    rolling: whole(eur.rolling),
  })

/** The check of the proof the challenge asks for: its messages, or the request that sends it. */
export function proofCheck(challenge: Challenge | null, brandName: string) {
  return (values: ProofValues): FormOutcome<ProofValues, ProofRequest> => {
    if (!challenge) return { errors: {} }
    const t = walletsCatalog.t
    const { challengeId } = challenge
    const provider = values.provider.trim()
    const confirmed = values.confirmed ? undefined : t('wallets.proof.confirmRequired')
    if (challenge.custody === 'provider') {
      const errors = {
        provider: provider.length < 2 ? t('wallets.proof.providerRequired') : undefined,
        holder: values.holder.trim().length < 2 ? t('wallets.proof.holderRequired') : undefined,
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
      if (signature === '') return { errors: { signature: t('wallets.proof.signatureRequired') } }
      return { data: { kind: 'signature', brandName, challengeId, signature } }
    }
    const errors = {
      provider: provider.length < 2 ? t('wallets.proof.appRequired') : undefined,
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
  const t = useCatalog(walletsCatalog)
  const { values, errors, setField } = form
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('wallets.proof.providerLead', { address })}
      </Text>
      <Text size="xs" c="dimmed">
        {providerLimitsNote()}
      </Text>
      <TextInput
        label={t('wallets.proof.providerLabel')}
        description={t('wallets.proof.providerHint')}
        value={values.provider}
        error={errors.provider}
        onChange={(event) => setField('provider', event.currentTarget.value)}
      />
      <TextInput
        label={t('wallets.proof.holderLabel')}
        description={t('wallets.proof.holderHint')}
        value={values.holder}
        autoComplete="name"
        error={errors.holder}
        onChange={(event) => setField('holder', event.currentTarget.value)}
      />
      <ConfirmBox label={t('wallets.proof.providerConfirm')} form={form} />
    </>
  )
}

/** How to sign the message, wallet by wallet, and the field for the signature. */
function SignatureFields({ challenge, form: { values, errors, setField } }: { challenge: Challenge; form: ProofForm }) {
  const t = useCatalog(walletsCatalog)
  const kind = proofKindOf(challenge.crypto)
  return (
    <>
      <Group>
        <CopyButton value={challenge.message}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy}>
              {copied ? t('wallets.proof.copied') : t('wallets.proof.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Accordion variant="contained" radius="md" aria-label={t('wallets.proof.howToSign')}>
        {WALLET_HELP[kind === 'evm' ? 'evm' : 'bitcoin'].map((help) => (
          <Accordion.Item key={help.wallet} value={help.wallet}>
            <Accordion.Control>{t(help.wallet)}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{t(help.steps)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text size="xs" c="dimmed">
        {t('wallets.help.exchangeNote')}
      </Text>
      <Textarea
        label={t('wallets.proof.signature')}
        description={t(kind === 'evm' ? 'wallets.proof.signatureEvm' : 'wallets.proof.signatureBitcoin')}
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
  const t = useCatalog(walletsCatalog)
  const { values, errors, setField } = form
  return (
    <>
      <TextInput
        label={t('wallets.proof.appLabel')}
        description={t('wallets.proof.appHint')}
        value={values.provider}
        error={errors.provider}
        onChange={(event) => setField('provider', event.currentTarget.value)}
      />
      <ConfirmBox label={t('wallets.proof.confirm')} form={form} />
    </>
  )
}

/** The proof the challenge asks for: the declaration at an exchange, the message to sign, or the declaration. */
export function ProofFields({ challenge, form }: { challenge: Challenge; form: ProofForm }) {
  const t = useCatalog(walletsCatalog)
  if (challenge.custody === 'provider') return <ProviderDeclaration address={challenge.address} form={form} />
  const signs = challenge.method === 'signed_message'
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {signs ? t('wallets.proof.signLead', { address: challenge.address }) : t('wallets.proof.declareLead')}
      </Text>
      {/* Wrapped on screen only: what is copied and signed is the text itself, line breaks included. */}
      <Code
        block
        aria-label={signs ? t('wallets.proof.message') : t('wallets.proof.declaration')}
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
  const t = useCatalog(walletsCatalog)
  return (
    <Group gap="sm">
      <Button type="submit" loading={busy}>
        {challenge.method === 'signed_message' && challenge.custody === 'self'
          ? t('wallets.proof.prove')
          : t('wallets.proof.declare')}
      </Button>
      {messageSpent ? (
        <Button variant="subtle" onClick={onNewMessage}>
          {t('wallets.proof.newMessage')}
        </Button>
      ) : null}
      <Button variant="subtle" color="gray" onClick={onBack}>
        {addressFixed ? t('wallets.proof.back') : t('wallets.proof.another')}
      </Button>
    </Group>
  )
}
