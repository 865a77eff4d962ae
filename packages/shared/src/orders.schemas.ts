import { z } from 'zod'
import { PayoutHold } from './payout-hold'
import { answerOf, successAnswer } from './answer'
import { AssetId, CryptoCurrency, FiatCurrency } from './currencies'
import { DecimalString, normalizeAmountInput } from './money'
import { JourneyStepId } from './journey-steps'
import { MethodGroup, OrderStatus } from './order-rules'
import { BrandName } from './validators'

/** Uppercase letters and digits (spec section 9's random strings). */
export const OrderReference = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6,20}$/, 'Unknown order reference')

export const OrderInitiateBuyRequest = z.object({
  /** Fiat amount, commas removed and trimmed by the client; the api normalizes again. */
  amount: z
    .string({ error: 'Amount is required' })
    .max(32)
    .transform(normalizeAmountInput)
    .pipe(
      z
        .string()
        .min(1, 'Amount is required')
        .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Amount must be a number with at most two decimals'),
    ),
  assetId: AssetId,
  /** Empty means "no wallet yet": the api keeps the placeholder wallet. */
  wallet: z.string().trim().max(128),
  brandName: BrandName,
})
export type OrderInitiateBuyRequest = z.infer<typeof OrderInitiateBuyRequest>

export const PriceBreakdown = z.object({
  mid: DecimalString,
  spreadBps: z.number().int(),
  feeBps: z.number().int(),
  rate: DecimalString,
  fee: DecimalString,
  netFiat: DecimalString,
})

export const OrderInitiateBuyAnswer = answerOf(
  successAnswer({
    data: z.object({
      reference: z.string(),
      tranId: z.string(),
      fiatAmount: DecimalString,
      cryptoAmount: DecimalString,
      price: PriceBreakdown,
      priceExpiresAt: z.string(),
    }),
  }),
)
export type OrderInitiateBuyAnswer = z.infer<typeof OrderInitiateBuyAnswer>

/** An order as the customer sees it (spec section 3's active order, plus the price it fixed). */
export const OrderSummary = z.object({
  orderReference: z.string(),
  tranId: z.string(),
  statusName: OrderStatus,
  fiatCur: FiatCurrency,
  cryptoCur: CryptoCurrency,
  assetId: AssetId,
  /** Fiat amount formatted with thousands commas, as the spec's active order holds it. */
  orderAmount: z.string(),
  fiatAmount: DecimalString,
  cryptoAmount: DecimalString,
  price: PriceBreakdown,
  orderWallet: z.string(),
  azToken: z.string(),
  /** The chosen option's id (or tlId / virtual IBAN), and how the customer reads it, e.g. "Card (sandbox)". */
  method: z.string().nullable(),
  methodName: z.string().nullable(),
  createdAt: z.string(),
  priceExpiresAt: z.string(),
  /** Money arrived after the price ran out and waits for the customer's choice (re-price or refund; decision 025). */
  decisionWaits: z.boolean().default(false),
})
export type OrderSummary = z.infer<typeof OrderSummary>

export const OrderRequest = z.object({ orderReference: OrderReference, brandName: BrandName })
export type OrderRequest = z.infer<typeof OrderRequest>

export const ExchangeUpdateOrderRequest = z.object({
  orderReference: OrderReference,
  statusName: OrderStatus,
  brandName: BrandName,
})
export type ExchangeUpdateOrderRequest = z.infer<typeof ExchangeUpdateOrderRequest>
export const ExchangeUpdateOrderAnswer = answerOf(successAnswer({ statusName: OrderStatus }))
export type ExchangeUpdateOrderAnswer = z.infer<typeof ExchangeUpdateOrderAnswer>

export const PaymentOption = z.object({
  id: z.string(),
  name: z.string(),
  /** Open-banking bank id (spec section 3: a bank option has tlId). */
  tlId: z.string().optional(),
})
export type PaymentOption = z.infer<typeof PaymentOption>

export const MethodGroupOptions = z.object({
  options: z.array(PaymentOption),
  allowed: z.boolean(),
  selected: z.string().nullable(),
})
export type MethodGroupOptions = z.infer<typeof MethodGroupOptions>

export const OrderBuyGetMethodsAnswer = answerOf(
  successAnswer({ psps: MethodGroupOptions, banks: MethodGroupOptions, alts: MethodGroupOptions }),
)
export type OrderBuyGetMethodsAnswer = z.infer<typeof OrderBuyGetMethodsAnswer>

export const SelectMethodRequest = z.object({
  orderReference: OrderReference,
  group: MethodGroup,
  optionId: z.string().min(1).max(64),
  brandName: BrandName,
})
export const SelectMethodAnswer = answerOf(successAnswer({}))

/** How far the history counts a customer's orders, and how deep a page by number may go (decision 053). */
export const HISTORY_COUNT_CAP = 1000

export const HistoryRequest = z
  .object({
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(50).default(10),
    /**
     * The last order of the page before, as its `nextAfter` named it: the page then holds the orders older than that one,
     * read from its place (decision 053), however deep. `page` is then only echoed back. Without it, `page` is counted
     * from the newest order, which stays cheap only for the first pages.
     */
    after: OrderReference.optional(),
    brandName: BrandName,
  })
  .refine(
    // A page by number is read by skipping the orders before it: bounded to the orders the count reaches, so no call
    // makes the database skip a customer's 100,000 orders; deeper pages are asked for `after` an order.
    (request) => request.after !== undefined || (request.page - 1) * request.pageSize < HISTORY_COUNT_CAP,
    { message: 'Pages beyond the first 1,000 orders are asked for after an order', path: ['page'] },
  )
export const HistoryAnswer = answerOf(
  successAnswer({
    data: z.object({
      orders: z.array(OrderSummary),
      page: z.number(),
      pageSize: z.number(),
      /** The customer's orders, counted up to 1,000 (decision 053). */
      total: z.number(),
      /** There are more orders than `total`: the count stopped at its cap. */
      totalCapped: z.boolean().default(false),
      /** The reference to pass as `after` for the next (older) page; null on the last page. */
      nextAfter: z.string().nullable().default(null),
    }),
  }),
)
export type HistoryAnswer = z.infer<typeof HistoryAnswer>

/**
 * One entry of an order's trail as its customer reads it (decision 109): what kind of entry it is (null for an entry
 * recorded before entries were typed) and the customer's words for it (null when the status says it all). The
 * operator's words never reach the customer.
 */
export const OrderEvent = z.object({
  at: z.string(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus,
  kind: z.string().nullable(),
  words: z.string().nullable(),
  actor: z.enum(['customer', 'system', 'operator']),
})
export type OrderEvent = z.infer<typeof OrderEvent>
/**
 * The transaction that sent the coins: its id, and its block explorer page (`explorerUrl`, on the testnet's explorer
 * when the liquidity provider runs on one); a sandbox delivery is `simulated` and has no page.
 */
export const Delivery = z.object({
  txId: z.string(),
  simulated: z.boolean(),
  network: z.enum(['mainnet', 'testnet']),
  deliveredAt: z.string().nullable(),
  explorerUrl: z.string().nullable(),
})
export type Delivery = z.infer<typeof Delivery>

/** Money that arrived after the order's price expired, waiting for the customer to re-price or take a refund. */
export const LatePayment = z.object({ amount: DecimalString, currency: FiatCurrency, receivedAt: z.string() })
export type LatePayment = z.infer<typeof LatePayment>

/**
 * Money that arrived and is held for a person to check (the order is `payment_review`, decision 025): what came, from
 * whom, why it is held, and how much it is short of the order (a short transfer cannot be accepted; it goes back).
 */
export const PaymentReview = z.object({
  amount: DecimalString,
  currency: FiatCurrency,
  receivedAt: z.string(),
  payerName: z.string(),
  reason: z.string(),
  shortfall: DecimalString.nullable(),
})
export type PaymentReview = z.infer<typeof PaymentReview>

/** The step a paid order's payout waits for (while it is `awaiting_checks`) and the screen where it is done. */
export const PayoutWaitsFor = z.object({ step: JourneyStepId, screen: z.string() })
export type PayoutWaitsFor = z.infer<typeof PayoutWaitsFor>

/** A paid order waiting for the customer: the order and what it waits for (getGross, decision 087). */
export const WaitingOrder = z.object({ order: OrderSummary, waitsFor: PayoutWaitsFor })
export type WaitingOrder = z.infer<typeof WaitingOrder>

export const OrderDetailAnswer = answerOf(
  successAnswer({
    data: z.object({
      order: OrderSummary,
      events: z.array(OrderEvent),
      latePayment: LatePayment.nullable().default(null),
      review: PaymentReview.nullable().default(null),
      /** While the order is `awaiting_checks`: the step its payout waits for and the screen where it is done. */
      payoutWaitsFor: PayoutWaitsFor.nullable().default(null),
      /**
       * Decision 126: the hold after a security change that a payout to this order's wallet meets now (before payment
       * too), until when and why; null when none.
       */
      payoutHold: PayoutHold.nullable().default(null),
      delivery: Delivery.nullable().default(null),
    }),
  }),
)
export type OrderDetailAnswer = z.infer<typeof OrderDetailAnswer>

export const OrderEmailCreatedRequest = z.object({
  emailData: z.object({
    orderReference: OrderReference,
    companyDetails: z.object({ name: z.string().max(200), address: z.string().max(500) }).optional(),
  }),
  brandName: BrandName,
})

/** `orderSetWallet`: the wallet of a paid order that has none; the api checks it as at initiation, then delivers. */
export const SetWalletRequest = z.object({
  orderReference: OrderReference,
  wallet: z.string().trim().min(1).max(128),
  brandName: BrandName,
})
export type SetWalletRequest = z.infer<typeof SetWalletRequest>

/**
 * `orderChangeWallet`: a paid order whose delivery waits (decision 085) goes to another wallet the customer has
 * proven for the order's coin; delivery resumes when nothing else is owed.
 */
export const ChangeWalletRequest = z.object({
  orderReference: OrderReference,
  wallet: z.string().trim().min(1).max(128),
  brandName: BrandName,
})
export type ChangeWalletRequest = z.infer<typeof ChangeWalletRequest>

/** `orderRequestRefund`: a paid order whose delivery waits is refunded in full to where the money came from, once. */
export const RequestRefundRequest = z.object({ orderReference: OrderReference, brandName: BrandName })
export type RequestRefundRequest = z.infer<typeof RequestRefundRequest>
