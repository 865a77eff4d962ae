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
