import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { FiatCurrency } from './currencies'
import { DecimalString } from './money'
import { OrderStatus } from './order-rules'
import { OrderReference } from './orders.schemas'
import { BrandName } from './validators'

/** Where a customer sends money: IBAN, BIC, holder and bank, as printed on the transfer screens. */
export const BankAccountDetails = z.object({
  iban: z.string(),
  bic: z.string(),
  holder: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  /** True for the sandbox bank partner: the screens say it is a test environment. */
  sandbox: z.boolean(),
})
export type BankAccountDetails = z.infer<typeof BankAccountDetails>

/** What to put in the bank transfer: our account, the exact amount and the order reference as payment reference. */
export const TransferInstructions = BankAccountDetails.extend({
  reference: z.string(),
  amount: DecimalString,
  currency: FiatCurrency,
})
export type TransferInstructions = z.infer<typeof TransferInstructions>

export const SubmitWireRequest = z.object({
  orderReference: OrderReference,
  tlId: z.string().trim().min(1).max(64),
  brandName: BrandName,
})
export const SubmitWireAnswer = answerOf(successAnswer({ data: TransferInstructions }))
export type SubmitWireAnswer = z.infer<typeof SubmitWireAnswer>

/** The virtual IBAN, and the fiats its account holds: an order in another fiat cannot be paid to it. */
export const GetVibanAnswer = answerOf(
  successAnswer({ data: BankAccountDetails.extend({ fiats: z.array(FiatCurrency).optional() }) }),
)
export type GetVibanAnswer = z.infer<typeof GetVibanAnswer>

export const SubmitVibanRequest = z.object({ orderReference: OrderReference, brandName: BrandName })
export const SubmitVibanAnswer = answerOf(successAnswer({ data: TransferInstructions }))
export type SubmitVibanAnswer = z.infer<typeof SubmitVibanAnswer>

/**
 * `orderCompleteViban`: the spec sends it empty; the web names the order the customer reported, so that the note lands
 * on the order the page showed and not on whichever viban order is newest.
 */
export const CompleteVibanRequest = z.object({ orderReference: OrderReference.optional(), brandName: BrandName })
export type CompleteVibanRequest = z.infer<typeof CompleteVibanRequest>
export const CompleteVibanAnswer = answerOf(OkAnswer)

/** `orderLpToBroker`: spec payload (token, orderReference); the token travels as the Bearer header. */
export const LpToBrokerRequest = z.object({
  orderReference: OrderReference,
  token: z.string().max(200).optional(),
  brandName: BrandName,
})

/**
 * `orderDecideLatePayment`: buying at today's price names the price per coin the customer was shown
 * (`orderQuoteLatePayment`); a price that moved against the customer since is refused (`price_changed`, decision 049).
 */
export const LateDecisionRequest = z
  .object({
    orderReference: OrderReference,
    decision: z.enum(['reprice', 'refund']),
    quotedRate: DecimalString.optional(),
    brandName: BrandName,
  })
  .refine((request) => request.decision === 'refund' || request.quotedRate !== undefined, {
    message: "Buying at today's price needs the price you were shown",
    path: ['quotedRate'],
  })

export const LateQuoteRequest = z.object({ orderReference: OrderReference, brandName: BrandName })
/**
 * A read-only preview of both answers to a late payment (decision 049), priced as `orderDecideLatePayment` would price
 * it now: what the money buys at today's price (`buy`, null when it is below the minimum order and so all goes back),
 * the part above the maximum order that goes back (`excess`), and what "send my money back" returns (`refund`).
 */
export const LateQuoteAnswer = answerOf(
  successAnswer({
    data: z.object({
      received: z.object({ amount: DecimalString, currency: FiatCurrency, receivedAt: z.string() }),
      buy: z
        .object({
          /** Total incl. fee: the part of the money the order buys with. */
          fiatAmount: DecimalString,
          fee: DecimalString,
          netFiat: DecimalString,
          cryptoAmount: DecimalString,
          crypto: z.string(),
          /** Price per coin; send it back as `quotedRate` to buy at it. */
          rate: DecimalString,
          /** The price per coin the order had before it expired. */
          previousRate: DecimalString,
          excess: DecimalString,
        })
        .nullable(),
      minimum: DecimalString,
      refund: z.object({ amount: DecimalString, currency: FiatCurrency, toAccountEnding: z.string().nullable() }),
    }),
  }),
)
export type LateQuoteAnswer = z.infer<typeof LateQuoteAnswer>
export type LateQuote = Extract<LateQuoteAnswer, { result: true }>['data']

export const StartCardRequest = z.object({
  orderReference: OrderReference,
  pspId: z.string().trim().min(1).max(64),
  brandName: BrandName,
})
/** The PSP's hosted checkout to send the browser to. */
export const StartCardAnswer = answerOf(
  successAnswer({ data: z.object({ checkoutUrl: z.string(), sessionId: z.string() }) }),
)
export type StartCardAnswer = z.infer<typeof StartCardAnswer>

/** A provider's session id: letters, digits, '_' and '-' (Stripe's cs_…, TrueLayer's and the sandbox's ids). */
export const PaymentStatusRequest = z.object({
  sessionId: z
    .string()
    .trim()
    .regex(/^[\w-]{1,100}$/),
  brandName: BrandName,
})
/** A hosted payment's state as the provider's signed notice left it; the browser's return proves nothing. */
export const PaymentStatusAnswer = answerOf(
  successAnswer({
    data: z.object({
      orderReference: z.string(),
      paymentStatus: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
      orderStatus: OrderStatus,
      failureReason: z.string().nullable(),
    }),
  }),
)
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswer>

export const StartPayByBankRequest = z.object({
  orderReference: OrderReference,
  tlId: z.string().trim().min(1).max(64),
  brandName: BrandName,
})
/** The customer's bank's consent page to send the browser to. */
export const StartPayByBankAnswer = answerOf(
  successAnswer({ data: z.object({ authUrl: z.string(), sessionId: z.string() }) }),
)
export type StartPayByBankAnswer = z.infer<typeof StartPayByBankAnswer>
