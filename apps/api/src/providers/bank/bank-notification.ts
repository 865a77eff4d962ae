import { z } from 'zod'
import { FiatCurrency } from '@exchange/shared/currencies'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import { FiatAmountString } from '@exchange/shared/money'

/** Text a bank states: no control or invisible characters (a NUL byte, for one, cannot be stored). */
const BankText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'Contains control or invisible characters')

/** The bank partner's notice of an incoming transfer, as it posts it to `/v1/webhooks/bank-partner`. */
export const BankTransferNotification = z.object({
  eventId: BankText(100).min(1),
  type: z.literal('transfer.received'),
  data: z.object({
    transferId: BankText(100).min(1),
    amount: FiatAmountString,
    currency: FiatCurrency,
    payerName: BankText(140).trim().min(1),
    payerIban: z.string().transform(normalizeIban).refine(isValidIban, 'Not a valid IBAN'),
    paymentReference: BankText(140),
    creditedIban: z.string().transform(normalizeIban).refine(isValidIban, 'Not a valid IBAN'),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
})
export type BankTransferNotification = z.infer<typeof BankTransferNotification>

export const BANK_SIGNATURE_HEADER = 'x-bank-signature'
