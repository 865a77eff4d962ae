import { createPrivateKey, createPublicKey, randomUUID, sign, verify } from 'node:crypto'
import { z } from 'zod'
import { FIAT_CURRENCIES, FiatCurrency } from '@exchange/shared/currencies'
import { buildIban, isValidIban, normalizeIban } from '@exchange/shared/iban'
import { isDecimalString, roundAmount } from '@exchange/shared/money'
import type { IncomingNotice } from '../signed-notice'
import {
  type BankAccount,
  type BankPartnerProvider,
  type IncomingTransfer,
  readNoticePart,
  readSignedNotice,
  UnreadableBankNotice,
  type VerifiedBankNotice,
} from './bank-partner.provider'

/** ClearBank's institution api (the UK bank; GBP accounts and multi-currency accounts). */
const CLEARBANK_API_URLS = {
  simulation: 'https://institution-api-sim.clearbank.co.uk',
  production: 'https://institution-api.clearbank.co.uk',
} as const

/** ClearBank Ltd's public identity, printed on the transfer details the customer copies. */
const BANK = {
  bic: 'CLRBGB22',
  bankName: 'ClearBank Ltd',
  bankAddress: '133 Houndsditch, London EC3A 7BX, United Kingdom',
}

/** `X-Request-Id`: unique for 24 hours, at most 83 characters. */
const requestId = () => randomUUID().replaceAll('-', '')

export interface ClearBankOptions {
  environment: keyof typeof CLEARBANK_API_URLS
  /** The api token issued in ClearBank's portal with the certificate. */
  apiToken: string
  /** PEM of the RSA key whose CSR was uploaded: signs our requests and our answers to webhooks. */
  privateKeyPem: string
  /** PEM of the key ClearBank signs our institution's webhooks with (portal, Webhook Management). */
  webhookPublicKeyPem: string
  /** The company's receiving account per fiat (IBANs of real ClearBank accounts). */
  receivingIbans: Partial<Record<FiatCurrency, string>>
  /** The multi-currency account the customers' virtual accounts are opened under (its ClearBank id). */
  virtualAccountsParentId: string
  /** The currencies that account holds: a virtual IBAN is offered only for orders in these. */
  virtualIbanFiats: readonly FiatCurrency[]
  /** The company's legal name, holder of the receiving accounts. */
  holder: string
  /** Tests hand in recorded answers. */
  fetch?: typeof fetch
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number
}

/** ClearBank refused or did not answer; the message carries the status and the problem title, never credentials. */
export class ClearBankError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
    this.name = 'ClearBankError'
  }
}

/**
 * Amounts arrive as JSON numbers (documented as decimals) or strings; both end as a two-decimal string, of at most 15
 * digits before the point, as the `numeric(20, 2)` columns keep them.
 */
const Amount = z.union([z.number(), z.string()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value.trim()
  if (!isDecimalString(text) || !/^\d{1,15}(\.\d{1,2})?$/.test(text)) {
    context.addIssue({ code: 'custom', message: `not an amount with at most two decimals: ${text}` })
    return z.NEVER
  }
  return roundAmount(text, 2)
})

const Timestamp = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a timestamp')

// A nonce may exceed a double's exact range: checked as a whole number here, echoed from the raw digits.
const Envelope = z.object({
  Type: z.string(),
  Version: z.number().int(),
  Payload: z.unknown(),
  Nonce: z.number().refine(Number.isInteger, 'not a whole number'),
})

/** `TransactionSettled` v6: a Faster Payments, CHAPS, Bacs or internal transfer settled on a GBP account, in or out. */
const AccountSide = z.object({
  IBAN: z.string().nullish(),
  BBAN: z.string().nullish(),
  OwnerName: z.string().nullish(),
  TransactionOwnerName: z.string().nullish(),
})
const Direction = z.object({ DebitCreditCode: z.enum(['Credit', 'Debit']), IsReturn: z.boolean().nullish() })
const TransactionSettled = z.object({
  TransactionId: z.string().min(1).max(100),
  Amount,
  CurrencyCode: z.string().nullish(),
  DebitCreditCode: z.enum(['Credit', 'Debit']),
  Reference: z.string().max(140).nullish(),
  IsReturn: z.boolean().nullish(),
  TimestampSettled: Timestamp,
  Account: AccountSide,
  CounterpartAccount: AccountSide,
})

/** `Payments.Mccy.TransactionSettled` v1: a transaction settled on a multi-currency account, in or out. */
const Identifier = z.object({ Kind: z.string(), Identifier: z.string() })
const MccySides = z.object({ AccountId: z.string(), UltimateDebtorAccountIdentifiers: z.array(Identifier).nullish() })
const MccyTransactionSettled = MccySides.extend({
  TransactionId: z.string().min(1).max(100),
  Reference: z.string().max(143).nullish(),
  UltimateCreditorAccountIdentifiers: z.array(Identifier).nullish(),
  UltimateDebtorName: z.string().nullish(),
  InstructedAmount: Amount,
  InstructedCurrency: z.string(),
  TimestampSettled: Timestamp,
})

/** `POST /mccy/v1/VirtualAccounts` answers the new account with its IBAN. */
const VirtualAccountCreated = z.object({
  id: z.string(),
  owner: z.string().optional(),
  identifiers: z.array(z.object({ identifier: z.string(), kind: z.string() })),
})

const NOT_PROVIDED = /^not provided$/i

/** An IBAN as given, or made from a UK BBAN (bank code, sort code, account number) when only that is sent. */
function ibanOf(side: { IBAN?: string | null | undefined; BBAN?: string | null | undefined }): string | undefined {
  if (side.IBAN && isValidIban(side.IBAN)) return normalizeIban(side.IBAN)
  const bban = side.BBAN?.replace(/\s+/g, '').toUpperCase()
  if (bban && /^[A-Z]{4}\d{14}$/.test(bban)) return buildIban('GB', bban)
  return undefined
}

/** The currency ClearBank names (GBP when it names none), if it is one we take. */
function fiatOf(code: string | null | undefined): FiatCurrency | undefined {
  const fiat = FiatCurrency.safeParse((code ?? 'GBP').toLowerCase())
  return fiat.success ? fiat.data : undefined
}

/** What a request to ClearBank is made with. */
interface Connection {
  options: ClearBankOptions
  baseUrl: string
  fetchImpl: typeof fetch
  signature: (body: string) => string
}

/** POST with a signed body; a 5xx or 429 is tried once more with the same request id, as ClearBank asks. */
async function post(connection: Connection, path: string, payload: unknown): Promise<unknown> {
  const { options, baseUrl, fetchImpl, signature } = connection
  const body = JSON.stringify(payload)
  const headers = {
    authorization: `Bearer ${options.apiToken}`,
    'content-type': 'application/json',
    digitalsignature: signature(body),
    'x-request-id': requestId(),
  }
  let lastError: ClearBankError | undefined
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let response: Response
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      lastError = new ClearBankError(`ClearBank did not answer ${path}: ${(error as Error).name}`, undefined)
      continue
    }
    if (response.ok) return response.json()
    const problem = (await response.json().catch(() => ({}))) as { title?: unknown }
    lastError = new ClearBankError(
      `ClearBank answered ${response.status} to ${path}${typeof problem.title === 'string' ? `: ${problem.title}` : ''}`,
      response.status,
    )
    if (response.status < 500 && response.status !== 429) break
  }
  throw lastError!
}

/** A credit to a sterling account (FPS, BACS, CHAPS): the `TransactionSettled` webhook. */
function incomingGbp(payload: unknown): VerifiedBankNotice {
  // Direction first: an outgoing payment is acknowledged whatever else it carries.
  const direction = readNoticePart(Direction, payload, 'TransactionSettled')
  if (direction.DebitCreditCode === 'Debit') return { transfer: null, ignoredBecause: 'an outgoing payment' }
  if (direction.IsReturn)
    return { transfer: null, ignoredBecause: 'a returned outgoing payment (on the bank statement for the operator)' }
  const settled = readNoticePart(TransactionSettled, payload, 'TransactionSettled')
  const currency = fiatOf(settled.CurrencyCode)
  if (!currency)
    return { transfer: null, ignoredBecause: `a credit in ${settled.CurrencyCode}, a currency not sold here` }
  const creditedIban = ibanOf(settled.Account)
  const payerIban = ibanOf(settled.CounterpartAccount)
  if (!creditedIban || !payerIban)
    throw new UnreadableBankNotice(
      'TransactionSettled: no usable IBAN or UK BBAN for the credited or the paying account',
    )
  const payerName = [settled.CounterpartAccount.TransactionOwnerName, settled.CounterpartAccount.OwnerName].find(
    (name) => name && !NOT_PROVIDED.test(name.trim()),
  )
  return {
    transfer: {
      transferId: settled.TransactionId,
      amount: settled.Amount,
      currency,
      // Without a name the payer cannot be matched to the customer: the transfer is held for an operator.
      payerName: payerName?.trim() || 'Not provided',
      payerIban,
      paymentReference: settled.Reference ?? '',
      creditedIban,
      receivedAt: new Date(settled.TimestampSettled),
    },
  }
}

/** A credit to a multi-currency account: the `Payments.Mccy.TransactionSettled` webhook, which has no direction. */
function incomingMultiCurrency(payload: unknown, ownIbans: ReadonlySet<string>): VerifiedBankNotice {
  const ibansIn = (identifiers: { Kind: string; Identifier: string }[] | null | undefined) =>
    (identifiers ?? [])
      .filter((entry) => entry.Kind.toUpperCase() === 'IBAN' && isValidIban(entry.Identifier))
      .map((entry) => normalizeIban(entry.Identifier))
  const sides = readNoticePart(MccySides, payload, 'Payments.Mccy.TransactionSettled')
  const debtorIds = sides.UltimateDebtorAccountIdentifiers ?? []
  // The webhook has no direction: money leaving one of our own accounts is outgoing (refunds are sent from there).
  const outgoing =
    ibansIn(debtorIds).some((iban) => ownIbans.has(iban)) ||
    debtorIds.some((entry) => entry.Kind === 'AccountId' && entry.Identifier === sides.AccountId)
  if (outgoing) return { transfer: null, ignoredBecause: 'an outgoing payment' }
  const settled = readNoticePart(MccyTransactionSettled, payload, 'Payments.Mccy.TransactionSettled')
  const currency = fiatOf(settled.InstructedCurrency)
  if (!currency)
    return { transfer: null, ignoredBecause: `a credit in ${settled.InstructedCurrency}, a currency not sold here` }
  const [creditedIban] = ibansIn(settled.UltimateCreditorAccountIdentifiers)
  const [payerIban] = ibansIn(debtorIds)
  if (!creditedIban || !payerIban)
    throw new UnreadableBankNotice('Payments.Mccy.TransactionSettled: no IBAN for the credited or the paying account')
  const transfer: IncomingTransfer = {
    transferId: settled.TransactionId,
    amount: settled.InstructedAmount,
    currency,
    payerName: settled.UltimateDebtorName?.trim() || 'Not provided',
    payerIban,
    paymentReference: settled.Reference ?? '',
    creditedIban,
    receivedAt: new Date(settled.TimestampSettled),
  }
  return { transfer }
}

/** The nonce exactly as sent: it may not fit a double, so its digits are taken from the raw body. */
function nonceText(rawBody: string, parsed: number): string {
  if (Number.isSafeInteger(parsed)) return String(parsed)
  const digits = [...rawBody.matchAll(/"Nonce"\s*:\s*(-?\d+)/g)]
    .map((match) => match[1]!)
    .find((text) => Number(text) === parsed)
  return digits ?? String(parsed)
}

/**
 * ClearBank as the bank partner, through its institution api: requests carry the api token and an RSA-SHA256
 * `DigitalSignature` of the exact body; webhooks are checked against ClearBank's key for our institution and
 * answered with their nonce, signed with our key. Virtual IBANs are opened under a multi-currency account, which
 * answers the IBAN at once.
 */
export function createClearBankPartner(options: ClearBankOptions): BankPartnerProvider {
  const privateKey = createPrivateKey(options.privateKeyPem)
  const webhookKey = createPublicKey(options.webhookPublicKeyPem)
  const fetchImpl = options.fetch ?? fetch
  const receiving = new Map<FiatCurrency, BankAccount>()
  for (const fiat of FIAT_CURRENCIES) {
    const iban = options.receivingIbans[fiat]
    if (iban) receiving.set(fiat, { iban: normalizeIban(iban), holder: options.holder, ...BANK })
  }
  const ownIbans = new Set([...receiving.values()].map((account) => account.iban))

  const signature = (body: string) => sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64')
  const connection: Connection = { options, baseUrl: CLEARBANK_API_URLS[options.environment], fetchImpl, signature }

  return {
    kind: 'clearbank',
    sandbox: false,
    receivingAccount: (fiat) => receiving.get(fiat),
    virtualIbanFiats: options.virtualIbanFiats,

    async issueVirtualIban({ customerName }) {
      // The Funds Transfer Regulation wants the customer's legal name as the virtual account's owner.
      const answer = await post(connection, '/mccy/v1/VirtualAccounts', {
        accountId: options.virtualAccountsParentId,
        virtualAccount: { owner: customerName },
      })
      const created = VirtualAccountCreated.safeParse(answer)
      const iban = created.success
        ? created.data.identifiers.find((entry) => entry.kind.toLowerCase() === 'iban')?.identifier
        : undefined
      if (!iban || !isValidIban(iban))
        throw new ClearBankError('ClearBank opened a virtual account without a valid IBAN', 201)
      return { iban: normalizeIban(iban), holder: customerName, ...BANK }
    },

    async verifyNotification({ rawBody, headers }: IncomingNotice) {
      const given = headers.digitalsignature
      if (!given || !verify('sha256', Buffer.from(rawBody, 'utf8'), webhookKey, Buffer.from(given, 'base64')))
        return undefined
      const envelope = readSignedNotice(Envelope, rawBody, 'webhook')
      const reply = `{"Nonce":${nonceText(rawBody, envelope.Nonce)}}`
      const acknowledgement = { headers: { DigitalSignature: signature(reply) }, body: reply }
      let result: VerifiedBankNotice
      switch (envelope.Type) {
        case 'TransactionSettled':
          result = incomingGbp(envelope.Payload)
          break
        case 'Payments.Mccy.TransactionSettled':
          result = incomingMultiCurrency(envelope.Payload, ownIbans)
          break
        default:
          result = { transfer: null, ignoredBecause: `a ${envelope.Type} event` }
      }
      return { ...result, acknowledgement }
    },
  }
}
