import { compareAmounts } from '@exchange/shared/money'
import { CRYPTO_DECIMALS, type CryptoCurrency, FIAT_DECIMALS } from '@exchange/shared/currencies'
import { MAIL_CATALOGS, type MailKey, type MailWords } from '../mail/mail-i18n'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { type OrderUpdate, payoutHoldWordsIn } from '../mail/mail.templates'
import type { OrderMailEvent } from './order-mail-events'

/** The mail template each event is sent with. */
export const TEMPLATE: Record<OrderMailEvent['kind'], string> = {
  payment_received: 'order_paid',
  payment_repriced: 'order_paid',
  payment_under_review: 'order_payment_review',
  payment_too_low: 'order_failed',
  payment_for_ended_order: 'order_refunded',
  payment_below_minimum: 'order_refunded',
  late_payment_decision: 'order_late_payment',
  hosted_payment_returned: 'order_refunded',
  hosted_payment_failed: 'order_failed',
  late_payment_refunded: 'order_refunded',
  transfer_returned: 'order_refunded',
  paid_order_refunded: 'order_refunded',
  wallet_needed: 'order_wallet_needed',
  payout_waits_for_checks: 'order_awaiting_checks',
  payout_held_after_security_change: 'order_payout_held',
  order_completed: 'order_completed',
}

const hasExcess = (excess: string | undefined): excess is string =>
  excess !== undefined && compareAmounts(excess, '0') > 0

/** An amount of fiat as the customer's locale writes it: "1,234.50 EUR" (en), "1’234.50 EUR" (de-CH). */
function fiatIn(words: MailWords, amount: string, currency: string): string {
  return `${words.amount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

/** The step a payout waits for, after "The law asks us to …", in the mail's language; as the caller said it else. */
function stepWords(t: MailWords['t'], event: Extract<OrderMailEvent, { kind: 'payout_waits_for_checks' }>): string {
  const { step, wallet } = event
  if (step === 'wallet')
    return wallet && wallet !== PLACEHOLDER_WALLET
      ? t('orderMail.checks.step.walletNamed', { wallet })
      : t('orderMail.checks.step.wallet')
  if (step?.startsWith('uk_')) return t('orderMail.checks.step.uk')
  const key = `orderMail.checks.step.${step}`
  return key in MAIL_CATALOGS.en ? t(key as MailKey) : event.what
}

/** The coins of an event in the customer's locale ("0,01 BTC" in fr-CH); as the caller wrote them without the facts. */
function coinsIn(
  words: MailWords,
  { coins, crypto }: { coins: string; crypto?: { amount: string; coin: CryptoCurrency } },
) {
  return crypto ? `${words.amount(crypto.amount, CRYPTO_DECIMALS[crypto.coin])} ${crypto.coin.toUpperCase()}` : coins
}

/** An order's status as a mail's sentence names it ("expired", "abgelaufen"); an unknown one as it is. */
function statusWord(t: MailWords['t'], status: string): string {
  const key = `orderStatus.${status}`
  return key in MAIL_CATALOGS.en ? t(key as MailKey) : status
}

/** Why a hosted payment goes back and where to, in the mail's language when the event carries the facts. */
function returnedWords(
  t: MailWords['t'],
  event: Extract<OrderMailEvent, { kind: 'hosted_payment_returned' }>,
): { why: string; back: string } {
  if (!event.facts) return { why: event.why, back: event.back }
  const { method, orderStatus, paidAnotherWay } = event.facts
  const why =
    orderStatus === 'expired'
      ? t('orderMail.hostedReturned.why.expired')
      : paidAnotherWay
        ? t('orderMail.hostedReturned.why.paidAnotherWay')
        : orderStatus === 'payment_review'
          ? t('orderMail.hostedReturned.why.review')
          : t('orderMail.hostedReturned.why.status', { status: statusWord(t, orderStatus) })
  const back = t(method === 'card' ? 'orderMail.hostedReturned.back.card' : 'orderMail.hostedReturned.back.account')
  return { why, back }
}

/**
 * The words of each event's e-mail, one renderer per kind, in the customer's language (decision 131): the only place
 * an order e-mail's text is written. What a caller words itself (a payment's failure, a refund's reason, a step to
 * take) is put in as given.
 */
export const ORDER_MAIL_TEXTS: {
  [K in OrderMailEvent['kind']]: (event: Extract<OrderMailEvent, { kind: K }>, words: MailWords) => OrderUpdate
} = {
  payment_received: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    const lead = t(`orderMail.received.${event.how}`, { received })
    const rows: [string, string][] = [[t(event.how === 'hosted' ? 'orderMail.paid' : 'orderMail.received'), received]]
    if (hasExcess(event.excess))
      rows.push([t('orderMail.received.excess'), fiatIn(words, event.excess, event.received.currency)])
    return { headline: t('orderMail.paymentReceived'), lead, rows }
  },
  payment_repriced: (event, words) => {
    const { t } = words
    const fiat = (amount: string) => fiatIn(words, amount, event.received.currency)
    const received = fiat(event.received.amount)
    const rows: [string, string][] = [
      [t('orderMail.received'), received],
      [t('orderMail.repriced.boughtFor'), fiat(event.bought)],
      [t('orderMail.pricePerCoin'), fiat(event.rate)],
    ]
    if (hasExcess(event.excess)) rows.push([t('orderMail.repriced.aboveMaximum'), fiat(event.excess)])
    return {
      headline: t('orderMail.paymentReceived'),
      lead: t('orderMail.repriced.lead', { received }),
      rows,
    }
  },
  payment_under_review: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    const rows: [string, string][] = [
      [t('orderMail.received'), received],
      [t('orderMail.review.from'), event.payerName],
    ]
    if (event.shortfall)
      rows.push([t('orderMail.review.short'), fiatIn(words, event.shortfall, event.received.currency)])
    const why = event.holds.includes('payer_differs') ? 'orderMail.review.payerDiffers' : 'orderMail.review.nameChanged'
    return {
      headline: t('orderMail.review.headline'),
      lead: t(why, { received, payer: event.payerName }),
      rows,
      note: t('orderMail.review.note'),
    }
  },
  payment_too_low: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    const needed = fiatIn(words, event.needed, event.received.currency)
    return {
      headline: t('orderMail.tooLow.headline'),
      lead: t('orderMail.tooLow.lead', { received, needed }),
      rows: [
        [t('orderMail.received'), received],
        [t('orderMail.tooLow.needed'), needed],
        [t('orderMail.refundTo'), event.refundTo],
      ],
    }
  },
  payment_for_ended_order: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    return {
      headline: t('orderMail.paymentReturned'),
      lead: t('orderMail.ended.lead', { received, status: statusWord(t, event.orderStatus) }),
      rows: [
        [t('orderMail.amount'), received],
        [t('orderMail.to'), event.refundTo],
      ],
    }
  },
  payment_below_minimum: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    return {
      headline: t('orderMail.paymentReturned'),
      lead: t('orderMail.belowMinimum.lead', {
        received,
        minimum: fiatIn(words, event.minimum, event.received.currency),
      }),
      rows: [
        [t('orderMail.amount'), received],
        [t('orderMail.to'), event.refundTo],
      ],
    }
  },
  late_payment_decision: (event, words) => {
    const { t } = words
    return {
      headline: t('orderMail.late.headline'),
      lead: t('orderMail.late.lead'),
      rows: [[t('orderMail.received'), fiatIn(words, event.received.amount, event.received.currency)]],
    }
  },
  hosted_payment_returned: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    return {
      headline: t('orderMail.paymentReturned'),
      lead: t('orderMail.hostedReturned.lead', { received, ...returnedWords(t, event) }),
      rows: [[t('orderMail.amount'), received]],
      note: t('orderMail.newOrderAnyTime'),
    }
  },
  hosted_payment_failed: (event, words) => {
    const { t } = words
    return {
      headline: t('orderMail.hostedFailed.headline', {
        method: event.methodKind ? t(`orderMail.hostedFailed.method.${event.methodKind}`) : event.method,
      }),
      lead: event.openUntil
        ? t('orderMail.hostedFailed.open', { reason: event.reason, until: words.when(event.openUntil) })
        : t('orderMail.hostedFailed.closed', { reason: event.reason }),
      rows: [[t('orderMail.amount'), fiatIn(words, event.amount.amount, event.amount.currency)]],
    }
  },
  late_payment_refunded: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    return {
      headline: t('orderMail.lateRefunded.headline'),
      lead: t('orderMail.lateRefunded.lead', { received }),
      rows: [
        [t('orderMail.amount'), received],
        [t('orderMail.to'), event.to],
      ],
    }
  },
  transfer_returned: (event, words) => {
    const { t } = words
    const received = fiatIn(words, event.received.amount, event.received.currency)
    return {
      headline: t('orderMail.paymentReturned'),
      lead: t('orderMail.transferReturned.lead', { received }),
      rows: [
        [t('orderMail.amount'), received],
        [t('orderMail.to'), event.to],
        [t('orderMail.reason'), event.reason],
      ],
      note: t('orderMail.transferReturned.note'),
    }
  },
  paid_order_refunded: (event, words) => {
    const { t } = words
    const amount = fiatIn(words, event.amount.amount, event.amount.currency)
    return {
      headline: t('orderMail.refunded.headline'),
      lead: t('orderMail.refunded.lead', { amount }),
      rows: [
        [t('orderMail.amount'), amount],
        [t('orderMail.to'), event.to],
        [t('orderMail.reason'), event.reason],
      ],
    }
  },
  wallet_needed: (event, words) => {
    const { t } = words
    const coins = coinsIn(words, event)
    return {
      headline: t('orderMail.walletNeeded.headline'),
      lead: t('orderMail.walletNeeded.lead', { coins, link: event.link }),
      rows: [
        [t('orderMail.amount'), coins],
        [t('orderMail.walletNeeded.give'), event.link],
      ],
    }
  },
  payout_waits_for_checks: (event, words) => {
    const { t } = words
    const coins = coinsIn(words, event)
    return {
      headline: t('orderMail.checks.headline'),
      lead: t('orderMail.checks.lead', { coins, what: stepWords(t, event), link: event.link }),
      rows: [
        [t('orderMail.amount'), coins],
        [t('orderMail.checks.todo'), event.link],
      ],
      note: t('orderMail.checks.note'),
    }
  },
  payout_held_after_security_change: (event, words) => {
    const { t } = words
    const until = words.when(event.until)
    const coins = coinsIn(words, event)
    return {
      headline: t('orderMail.held.headline'),
      lead: t('orderMail.held.lead', { coins, hold: payoutHoldWordsIn(words, event.reason, event.until) }),
      rows: [
        [t('orderMail.amount'), coins],
        [t('orderMail.wallet'), event.wallet],
        [t('orderMail.held.after'), until],
        [t('orderMail.held.order'), event.link],
      ],
      note: t('orderMail.held.note', { until }),
    }
  },
  order_completed: (event, words) => {
    const { t } = words
    const coins = coinsIn(words, event)
    return {
      headline: t('orderMail.completed.headline'),
      lead: t('orderMail.completed.lead', { coins }),
      rows: [
        [t('orderMail.amount'), coins],
        [t('orderMail.wallet'), event.wallet],
        [t('orderMail.completed.transaction'), event.txId],
      ],
      ...(event.simulated && { note: t('orderMail.completed.simulated') }),
    }
  },
}
