import type { z } from 'zod'
import type { FiatCurrency } from '@exchange/shared/currencies'
import type { IncomingNotice } from '../signed-notice'

export interface BankAccount {
  iban: string
  bic: string
  holder: string
  bankName: string
  bankAddress: string
}

/** Money that reached one of the company's accounts or a customer's virtual IBAN, in the bank partner's words made ours. */
export interface IncomingTransfer {
  /** The bank's own id of the transfer: a repeated notice of the same transfer carries the same id. */
  transferId: string
  /** Decimal string with the currency's two decimals. */
  amount: string
  currency: FiatCurrency
  payerName: string
  payerIban: string
  paymentReference: string
  /** The account that was credited: a receiving account or a virtual IBAN. */
  creditedIban: string
  receivedAt: Date
}

/** What the bank partner answers must carry, when its scheme asks for a signed acknowledgement. */
interface NoticeAcknowledgement {
  headers: Record<string, string>
  body: string
}

/**
 * A genuine notice: an incoming transfer to act on, or `transfer: null` for anything else the partner tells us
 * (outgoing payments, account events, test events), which is acknowledged and left alone.
 */
export interface VerifiedBankNotice {
  transfer: IncomingTransfer | null
  /** Why a genuine notice carries nothing to act on, for the log. */
  ignoredBecause?: string
  acknowledgement?: NoticeAcknowledgement
}

/** A notice whose signature holds but whose content the adapter cannot read: refused so that the partner retries. */
export class UnreadableBankNotice extends Error {
  constructor(readonly problems: string) {
    super(`Unreadable bank notice: ${problems}`)
    this.name = 'UnreadableBankNotice'
  }
}

/** A signed notice's body read as JSON and against the adapter's schema; anything else is an `UnreadableBankNotice`. */
export function readSignedNotice<T>(schema: z.ZodType<T>, rawBody: string, what: string): T {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new UnreadableBankNotice(`${what}: not JSON`)
  }
  return readNoticePart(schema, json, what)
}

/** A part of a signed notice read against its schema; the problems, by path, make the `UnreadableBankNotice`. */
export function readNoticePart<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    throw new UnreadableBankNotice(
      `${what}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  return parsed.data
}

/** The bank that holds the company's receiving accounts and issues virtual IBANs to customers. */
export interface BankPartnerProvider {
  readonly kind: 'sandbox' | 'clearbank'
  /** True for the test environment; the screens and e-mails say so. */
  readonly sandbox: boolean
  /** The company's account that receives wire transfers in this fiat, if any. */
  receivingAccount(fiat: FiatCurrency): BankAccount | undefined
  /** The fiats a virtual IBAN can receive (a bank may hold only some currencies on the accounts behind them). */
  readonly virtualIbanFiats: readonly FiatCurrency[]
  /** A new virtual IBAN routed to this customer. */
  issueVirtualIban(input: { customerId: string; customerName: string }): Promise<BankAccount>
  /**
   * Checks a notice posted to `/v1/webhooks/bank-partner` by the partner's own signature scheme: undefined when
   * the signature fails, else what it says. Throws `UnreadableBankNotice` for a signed notice it cannot read.
   */
  verifyNotification(notice: IncomingNotice): Promise<VerifiedBankNotice | undefined>
}
