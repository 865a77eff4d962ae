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
  token: z.string().optional(),
  brandName: BrandName,
})

export const LateDecisionRequest = z.object({
  orderReference: OrderReference,
  decision: z.enum(['reprice', 'refund']),
  brandName: BrandName,
})

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

export const PaymentStatusRequest = z.object({ sessionId: z.string().trim().min(1).max(100), brandName: BrandName })
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
