import { FIAT_DECIMALS, assetIdOf } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import type { TradingConfig } from '../../trading'
import type { OrderRow } from './orders-deps'

export function toOrderSummary(row: OrderRow, methodName: string | null = null): OrderSummary {
  const crypto = row.crypto
  const fiat = row.fiat
  return {
    orderReference: row.reference,
    tranId: row.tranId,
    statusName: row.status,
    fiatCur: fiat,
    cryptoCur: crypto,
    assetId: assetIdOf(crypto, fiat),
    orderAmount: formatAmount(row.fiatAmount, FIAT_DECIMALS),
    fiatAmount: row.fiatAmount,
    cryptoAmount: stripScale(row.cryptoAmount),
    price: {
      mid: stripScale(row.midRate),
      spreadBps: row.spreadBps,
      feeBps: row.feeBps,
      rate: stripScale(row.customerRate),
      fee: row.fee,
      netFiat: row.netFiat,
    },
    orderWallet: row.wallet,
    azToken: row.affiliateToken,
    method: row.methodOption,
    methodName,
    createdAt: row.createdAt.toISOString(),
    priceExpiresAt: row.priceExpiresAt.toISOString(),
    decisionWaits: false,
  }
}

/** numeric(30,10) comes back with ten places; show the places the value has, keeping at least two. */
function stripScale(value: string): string {
  if (!value.includes('.')) return value
  const trimmed = value.replace(/0+$/, '')
  const [whole, fraction = ''] = trimmed.split('.')
  return `${whole}.${fraction.padEnd(2, '0')}`
}

/** How a customer reads the way an order is paid, from the option it chose. */
export function methodNameOf(
  row: Pick<OrderRow, 'methodGroup' | 'methodOption'>,
  trading: TradingConfig,
): string | null {
  if (!row.methodGroup) return null
  if (row.methodGroup === 'viban') return 'Transfer to your virtual IBAN'
  const bank = trading.paymentMethods.banks.find(
    (option) => option.id === row.methodOption || option.tlId === row.methodOption,
  )
  if (row.methodGroup === 'wire') return bank ? `Bank transfer from ${bank.name}` : 'Bank transfer'
  if (row.methodGroup === 'banks') return bank ? `Pay by bank: ${bank.name}` : 'Pay by bank'
  const group = row.methodGroup === 'alts' ? trading.paymentMethods.alts : trading.paymentMethods.psps
  return group.find((option) => option.id === row.methodOption)?.name ?? row.methodOption
}

/** The order as the customer is shown it, with the name of the way it is paid. */
export function summarize(trading: TradingConfig, row: OrderRow): OrderSummary {
  return toOrderSummary(row, methodNameOf(row, trading))
}
