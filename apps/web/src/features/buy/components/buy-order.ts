import * as WEB_PATHS from '@exchange/shared/web-paths'
import { DEFAULT_CRYPTO, DEFAULT_FIAT } from '@exchange/shared/constants'
import { CRYPTO_DECIMALS, CryptoCurrency, FIAT_DECIMALS, FiatCurrency, assetIdOf } from '@exchange/shared/currencies'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { formatAmount, type NumberSeparators } from '@exchange/shared/money'
import { OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import type { RatesData } from '@exchange/shared/rates.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { startActiveOrder } from '../../../lib/active-order'
import { getCurrentOrder, readLastOrder, saveCurrentOrder } from '../../../lib/current-order'
import { formatNumber } from '../../../lib/format'
import { grossQueryKey } from '../../../lib/customer-context'
import { localizeCopy } from '../../../lib/common-copy'
import { alertCopyFor } from '../../../lib/dashboard-alert-copy'
import { updateSessionState } from '../../../lib/session-state'
import { getSignupToken } from '../../../lib/signup-token'
import type { FormOutcome } from '../../../components/ui/form'
import type { FieldErrors } from '../../../lib/use-form-fields'
import { firstError } from '../../../lib/validation'
import { walletAddressError } from '../../../lib/wallet-address-check'
import { useInitiateBuyOrder } from '../api/initiate-buy-order'
import {
  FIRST_VISIT_AMOUNT,
  limitMessage,
  maximumAmountMessage,
  minimumAmountMessage,
  quoteFromInput,
  type AmountSide,
} from '../calculator'
import { amountRuleCopy, buyCatalog } from '../messages'

/** What the customer chooses and types; the amount not typed (`side`) is computed from the price. */
export interface OrderValues {
  fiat: FiatCurrency
  crypto: CryptoCurrency
  side: AmountSide
  fiatText: string
  cryptoText: string
  wallet: string
}

export function initialState(): OrderValues {
  const saved = getCurrentOrder()
  const fiat = FiatCurrency.safeParse(saved.fiatCur)
  const crypto = CryptoCurrency.safeParse(saved.cryptoCur)
  return {
    fiat: fiat.success ? fiat.data : DEFAULT_FIAT,
    crypto: crypto.success ? crypto.data : DEFAULT_CRYPTO,
    // A first visit starts from a typical amount, so the price details show what an order looks like at once.
    fiatText: saved.orderAmount ?? (readLastOrder() === null ? FIRST_VISIT_AMOUNT : ''),
    side: 'fiat',
    cryptoText: '',
    wallet: saved.orderWallet ?? '',
  }
}

/** "Please enter a valid BTC wallet address", in the customer's language (the shared `walletAddressMessage`). */
export function walletAddressMessage(coin: string): string {
  return buyCatalog.t('buy.wallet.invalid', { coin: coin.toUpperCase() })
}

const somethingWentWrong = () => localizeCopy(ALERT_MESSAGES.somethingWentWrong)

/** Where the prices stand for the calculator: the api's prices, or that they could not be had. */
export interface Prices {
  ratesData: RatesData | null
  failed: boolean
}

/** What the values come to at the prices: the pair's price, both amounts as shown, and each field's message. */
export function orderView(
  values: OrderValues,
  { ratesData, failed }: Prices,
  separators: NumberSeparators,
  fromApi: FieldErrors<OrderValues>,
  tried: boolean,
) {
  const { fiat, crypto, side, fiatText, cryptoText, wallet } = values
  const entry = ratesData?.data.find((group) => group.quoteCur === fiat)?.data.find((item) => item.baseCur === crypto)
  const limits = ratesData?.limits[fiat]
  const unavailable = failed || (ratesData !== null && !entry)
  const stale = unavailable || ratesData?.stale === true

  const typed = side === 'fiat' ? fiatText : cryptoText
  const calc = entry ? quoteFromInput(side, typed, entry, crypto, separators) : null
  const quote = calc?.kind === 'quote' ? calc.quote : null
  // The computed field is written in the customer's numbers (decision 130), which the field reads back as typed.
  const fiatShown = side === 'fiat' ? fiatText : quote ? formatNumber(quote.fiatAmount, FIAT_DECIMALS) : ''
  const cryptoShown =
    side === 'crypto' ? cryptoText : quote ? formatNumber(quote.cryptoAmount, CRYPTO_DECIMALS[crypto]) : ''

  const inputError = calc?.kind === 'invalid' ? calc.message : undefined
  const amountRuleError = quote ? limitMessage(quote.fiatAmount, limits, fiat) : undefined
  const missing = tried && calc?.kind === 'empty' ? firstError(OrderInitiateBuyRequest.shape.amount, '') : undefined
  const amountMissing = missing && amountRuleCopy(missing)
  // The api's messages (kept under the field they concern) come first, then the price's rules, then what was typed.
  const amountError =
    fromApi.fiatText ?? amountRuleError ?? (side === 'fiat' ? (inputError ?? amountMissing) : amountMissing)
  const cryptoError = side === 'crypto' ? inputError : undefined
  // Judged once the networks' checks have loaded (useWalletAddressCheck); the api judges it in any case.
  const walletError = fromApi.wallet ?? (walletAddressError(crypto, wallet) && walletAddressMessage(crypto))
  return { entry, limits, stale, quote, fiatShown, cryptoShown, amountError, cryptoError, walletError }
}
export type OrderView = ReturnType<typeof orderView>

/** The order to start, or, while a message shows or the prices are old, nothing: the messages stay as they are. */
export function orderCheck(prices: Prices, separators: NumberSeparators, brandName: string) {
  return (values: OrderValues, shown: FieldErrors<OrderValues>): FormOutcome<OrderValues, OrderInitiateBuyRequest> => {
    const view = orderView(values, prices, separators, shown, true)
    if (view.stale || !view.quote || view.amountError || view.walletError) return { errors: shown }
    // The amount as it was read and shown ("You pay 100.50 EUR"), never the typed text: the api gets a plain decimal.
    const { fiat, crypto } = values
    return {
      data: {
        amount: view.quote.fiatAmount,
        assetId: assetIdOf(crypto, fiat),
        wallet: values.wallet.trim(),
        brandName,
      },
    }
  }
}

/** Starts the order; the api's refusals go under their field, or above the button, or to the journey step owed. */
export function useStartOrder(
  onStepRequired: ((step: JourneyStepId) => Promise<string | null>) | undefined,
  setErrors: (errors: FieldErrors<OrderValues>) => void,
  setAlert: (line: string | null) => void,
  refusalCopy: Partial<Record<string, string>> = {},
) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const initiate = useInitiateBuyOrder()

  function refused(
    error: string,
    step: JourneyStepId | undefined,
    { fiat, crypto }: OrderValues,
    limits: OrderView['limits'],
  ) {
    if (error === 'wallet_invalid') return setErrors({ wallet: walletAddressMessage(crypto) })
    if (error === 'amount_below_minimum')
      return setErrors({
        fiatText: limits ? minimumAmountMessage(limits.min, fiat) : somethingWentWrong(),
      })
    if (error === 'amount_above_maximum')
      return setErrors({
        fiatText: limits ? maximumAmountMessage(limits.max, fiat) : somethingWentWrong(),
      })
    if (error === 'rates_unavailable') return setAlert(buyCatalog.t('buy.stalePrices'))
    if (error === 'step_required') {
      if (step && onStepRequired) void onStepRequired(step).then((line) => setAlert(line))
      else setAlert(alertCopyFor({ error: 'step_required' }, ALERT_MESSAGES.somethingWentWrong))
      return
    }
    setAlert(refusalCopy[error] ?? somethingWentWrong())
  }

  function start(request: OrderInitiateBuyRequest, values: OrderValues, limits: OrderView['limits']) {
    initiate.mutate(request, {
      onSuccess: (answer) => {
        if (answer === false) return void navigate(WEB_PATHS.login, { replace: true })
        if (!answer.result) return refused(answer.error, answer.step, values, limits)
        const { reference, tranId, fiatAmount } = answer.data
        saveCurrentOrder({ orderReference: reference, tranId })
        startActiveOrder({
          orderReference: reference,
          tranId,
          statusName: 'initiated',
          fiatCur: values.fiat,
          cryptoCur: values.crypto,
          // Kept as the api's order summaries give it (spec section 9's English), and written in the locale when shown.
          orderAmount: formatAmount(fiatAmount, FIAT_DECIMALS),
          orderWallet: request.wallet || PLACEHOLDER_WALLET,
          azToken: getSignupToken(),
        })
        updateSessionState({ lastScreen: WEB_PATHS.method })
        void queryClient.invalidateQueries({ queryKey: grossQueryKey() })
        void navigate(WEB_PATHS.method)
      },
      onError: () => setAlert(somethingWentWrong()),
    })
  }
  return { start, pending: initiate.isPending }
}
