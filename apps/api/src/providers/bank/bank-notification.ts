import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { FiatCurrency } from '@exchange/shared/currencies'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import { DecimalString } from '@exchange/shared/money'

/** The bank partner's notice of an incoming transfer, as it posts it to `/v1/webhooks/bank-partner`. */
export const BankTransferNotification = z.object({
  eventId: z.string().min(1).max(100),
  type: z.literal('transfer.received'),
  data: z.object({
    transferId: z.string().min(1).max(100),
    amount: DecimalString,
    currency: FiatCurrency,
    payerName: z.string().trim().min(1).max(140),
    payerIban: z.string().transform(normalizeIban).refine(isValidIban, 'Not a valid IBAN'),
    paymentReference: z.string().max(140),
    creditedIban: z.string().transform(normalizeIban).refine(isValidIban, 'Not a valid IBAN'),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
})
export type BankTransferNotification = z.infer<typeof BankTransferNotification>

export const BANK_SIGNATURE_HEADER = 'x-bank-signature'
const TOLERANCE_SECONDS = 300

function mac(key: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme the bank partner signs its notices with. */
export function signBankNotification(key: Buffer, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(key, timestamp, body)}`
}

/** Checks the signature over the raw body and refuses notices older or newer than five minutes (replays). */
export function verifyBankSignature(key: Buffer, body: string, header: string | undefined, nowSeconds: number): boolean {
  if (!header) return false
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]))
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS || !parts.v1) return false
  const expected = Buffer.from(mac(key, timestamp, body), 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
