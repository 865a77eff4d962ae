import { GrossData } from '@exchange/shared/accounts.schemas'
import { StoredClientDetails } from '@exchange/shared/clients.schemas'
import {
  OrderBuyGetMethodsAnswer,
  OrderDetailAnswer,
  OrderSummary,
  type OrderEvent,
  type PaymentOption,
} from '@exchange/shared/orders.schemas'
import { BankAccountDetails, PaymentStatusAnswer, TransferInstructions } from '@exchange/shared/payments.schemas'
import { RatesData } from '@exchange/shared/rates.schemas'
import { ok, type MockAnswer } from './mock-api'

/**
 * Answers in the api's real shapes, each checked against the shared schema it must satisfy, so a test
 * cannot pass on a shape the api never sends.
 */

/** btc at a mid of 90,000.00 EUR, spread 1.50 %, fee 1.00 %: a customer rate of 91,350.0000 EUR. */
export function ratesData(overrides: Partial<RatesData> = {}): RatesData {
  return RatesData.parse({
    data: [
      {
        quoteCur: 'eur',
        data: [
          { baseCur: 'btc', rate: '91350.0000', assetId: 'btc_eur', mid: '90000.00', spreadBps: 150, feeBps: 100 },
          { baseCur: 'eth', rate: '3248.0000', assetId: 'eth_eur', mid: '3200.00', spreadBps: 150, feeBps: 100 },
        ],
      },
      {
        quoteCur: 'chf',
        data: [
          { baseCur: 'btc', rate: '85260.0000', assetId: 'btc_chf', mid: '84000.00', spreadBps: 150, feeBps: 100 },
        ],
      },
    ],
    asOf: '2025-01-01T12:00:00.000Z',
    ageSeconds: 2,
    source: 'sandbox',
    simulated: true,
    stale: false,
    quoteTtlSeconds: 900,
    limits: {
      eur: { min: '25.00', max: '15000.00' },
      chf: { min: '25.00', max: '15000.00' },
      gbp: { min: '20.00', max: '12500.00' },
      usd: { min: '30.00', max: '17500.00' },
    },
    ...overrides,
  })
}

export const ratesAnswer = (overrides: Partial<RatesData> = {}): MockAnswer => ok({ data: ratesData(overrides) })

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return OrderSummary.parse({
    orderReference: 'ABCD234567',
    tranId: 'TX20250101120000',
    statusName: 'initiated',
    fiatCur: 'eur',
    cryptoCur: 'btc',
    assetId: 'btc_eur',
    orderAmount: '1,250.00',
    fiatAmount: '1250.00',
    cryptoAmount: '0.01354679',
    price: { mid: '90000.00', spreadBps: 150, feeBps: 100, rate: '91350.0000', fee: '12.50', netFiat: '1237.50' },
    orderWallet: 'NO_WALLET_PROVIDED',
    azToken: 'DIRECT',
    method: null,
    methodName: null,
    createdAt: '2025-01-01T12:00:00.000Z',
    // Far ahead, so that the price still holds whenever a test runs; tests of the countdown freeze the clock.
    priceExpiresAt: '2099-01-01T12:15:00.000Z',
    ...overrides,
  })
}

export function grossData(
  overrides: {
    firstName?: string | null
    lastName?: string | null
    openOrder?: OrderSummary[]
    waitingOrders?: GrossData['waitingOrders']
    language?: GrossData['details']['language']
  } = {},
): GrossData {
  return GrossData.parse({
    details: {
      firstName: overrides.firstName === undefined ? 'Ada' : overrides.firstName,
      lastName: overrides.lastName === undefined ? 'Lovelace' : overrides.lastName,
      email: 'ada@example.com',
      language: overrides.language,
    },
    userName: 'ada@example.com',
    pendingBalance: '0.00',
    agreementSum: '0.00',
    openOrder: overrides.openOrder ?? [],
    waitingOrders: overrides.waitingOrders ?? [],
  })
}

export const grossAnswer = (overrides: Parameters<typeof grossData>[0] = {}): MockAnswer =>
  ok({ data: grossData(overrides) })

const group = (options: PaymentOption[]) => ({ options, allowed: options.length > 0, selected: null })

export function methodsAnswer(methods: {
  psps?: PaymentOption[]
  banks?: PaymentOption[]
  alts?: PaymentOption[]
}): MockAnswer {
  const body = OrderBuyGetMethodsAnswer.parse({
    result: true,
    psps: group(methods.psps ?? []),
    banks: group(methods.banks ?? []),
    alts: group(methods.alts ?? []),
  })
  return { body }
}

export function storedDetails(overrides: Partial<StoredClientDetails> = {}): StoredClientDetails {
  return StoredClientDetails.parse({
    firstName: null,
    lastName: null,
    address: null,
    city: null,
    postal: null,
    country: null,
    phone: null,
    email: 'ada@example.com',
    ...overrides,
  })
}

/** getOrderDetail's answer: the order and its timeline. */
export function orderDetailAnswer(
  order: OrderSummary,
  events: Partial<OrderEvent>[] = [],
  extra: Record<string, unknown> = {},
): MockAnswer {
  const body = OrderDetailAnswer.parse({
    result: true,
    data: {
      order,
      events: events.map((event) => ({
        at: '2025-01-01T12:00:00.000Z',
        fromStatus: null,
        toStatus: 'initiated',
        kind: 'order_created',
        words: null,
        actor: 'customer',
        ...event,
      })),
      ...extra,
    },
  })
  return { body }
}

/** The sandbox bank partner's receiving account in EUR (a valid Swiss IBAN). */
export function bankAccount(overrides: Partial<BankAccountDetails> = {}): BankAccountDetails {
  return BankAccountDetails.parse({
    iban: 'CH4109999000000100002',
    bic: 'SNDBCHZZXXX',
    holder: 'Helvex Digital Markets AG',
    bankName: 'Sandbox Bank AG (test environment)',
    bankAddress: 'Teststrasse 1, 6300 Zug, Switzerland',
    sandbox: true,
    ...overrides,
  })
}

/** orderSubmitWire's and orderSubmitViban's data: our account, the exact amount and the reference. */
export function transferInstructions(overrides: Partial<TransferInstructions> = {}): TransferInstructions {
  return TransferInstructions.parse({
    ...bankAccount(),
    reference: 'ABCD234567',
    amount: '1250.00',
    currency: 'eur',
    ...overrides,
  })
}

type PaymentStatusData = Extract<PaymentStatusAnswer, { result: true }>['data']

/** orderPaymentStatus' answer for the order ABCD234567. */
export function paymentStatusAnswer(overrides: Partial<PaymentStatusData> = {}): MockAnswer {
  const body = PaymentStatusAnswer.parse({
    result: true,
    data: {
      orderReference: 'ABCD234567',
      paymentStatus: 'pending',
      orderStatus: 'awaiting_payment',
      failureReason: null,
      ...overrides,
    },
  })
  return { body }
}
