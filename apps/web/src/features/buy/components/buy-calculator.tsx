import { DEFAULT_CRYPTO, DEFAULT_FIAT, DEFAULT_ORDER_TYPE } from '@exchange/shared/constants'
import {
  CRYPTO_CURRENCIES,
  CRYPTO_DECIMALS,
  CRYPTO_NAMES,
  CryptoCurrency,
  FIAT_CURRENCIES,
  FIAT_DECIMALS,
  FiatCurrency,
  assetIdOf,
} from '@exchange/shared/currencies'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { ALERT_MESSAGES, ERROR_COPY } from '@exchange/shared/messages'
import { formatAmount } from '@exchange/shared/money'
import { OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET, walletAddressMessage, walletAddressSchema } from '@exchange/shared/wallets'
import { Alert, Badge, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { PriceLine } from '../../../components/ui/price-line'
import { TextField } from '../../../components/ui/text-field'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { startActiveOrder } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { getCurrentOrder, readLastOrder, saveCurrentOrder } from '../../../lib/current-order'
import { GROSS_QUERY_KEY } from '../../../lib/customer-context'
import { formatBps, formatClockTime, formatFiat } from '../../../lib/format'
import { customerNumberSeparators } from '../../../lib/number-locale'
import { STALE_PRICES_MESSAGE, maximumAmountMessage, minimumAmountMessage } from '../../../lib/order-copy'
import { updateSessionState } from '../../../lib/session-state'
import { getSignupToken } from '../../../lib/signup-token'
import { firstError } from '../../../lib/validation'
import { useHpRates } from '../api/get-hp-rates'
import { useInitiateBuyOrder } from '../api/initiate-buy-order'
import { FIRST_VISIT_AMOUNT, formatDuration, limitMessage, quoteFromInput, type AmountSide } from '../calculator'
import { walletNoteFor } from '../wallet-note'
import { CurrencySelect } from './currency-select'

const FIAT_NAMES: Record<FiatCurrency, string> = {
  eur: 'Euro',
  chf: 'Swiss franc',
  gbp: 'British pound',
  usd: 'US dollar',
}

const FIAT_OPTIONS = FIAT_CURRENCIES.map((code) => ({
  value: code,
  label: `${code.toUpperCase()} – ${FIAT_NAMES[code]}`,
}))
const CRYPTO_OPTIONS = CRYPTO_CURRENCIES.map((code) => ({
  value: code,
  label: `${code.toUpperCase()} – ${CRYPTO_NAMES[code]}`,
}))

/** Where the customer goes once the order has started. */
export const METHOD_PATH = '/dashboard-method'

interface FieldErrors {
  amount?: string
  wallet?: string
}

function initialState() {
  const saved = getCurrentOrder()
  const fiat = FiatCurrency.safeParse(saved.fiatCur)
  const crypto = CryptoCurrency.safeParse(saved.cryptoCur)
  return {
    fiat: fiat.success ? fiat.data : (DEFAULT_FIAT as FiatCurrency),
    crypto: crypto.success ? crypto.data : (DEFAULT_CRYPTO as CryptoCurrency),
    // A first visit starts from a typical amount, so the price details show what an order looks like at once.
    fiatText: saved.orderAmount ?? (readLastOrder() === null ? FIRST_VISIT_AMOUNT : ''),
    wallet: saved.orderWallet ?? '',
  }
}

/** A wallet the customer has proven to be theirs, to pick rather than paste again. */
export interface SavedWallet {
  crypto: string
  address: string
}

/** "bc1qar0s…5mdq": enough of an address to tell saved wallets apart; the full one is in the button's name. */
function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address
}

export interface BuyCalculatorProps {
  /** The customer's proven wallets; those of the chosen coin are offered under the wallet address. */
  savedWallets?: readonly SavedWallet[]
  /**
   * The api refused the order until the customer does a journey step: the route sends them to it (the order typed so
   * far is already kept) and answers null, or answers the line to show here when the step waits for a decision.
   */
  onStepRequired?: (step: JourneyStepId) => Promise<string | null>
}

/**
 * /dashboard's calculator (mode buy): the fiat and crypto amounts update each other both ways at the
 * chosen pair's customer rate; the order starts at that price and the customer chooses how to pay next.
 */
export function BuyCalculator({ onStepRequired, savedWallets = [] }: BuyCalculatorProps = {}) {
  const brand = useBrand()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const rates = useHpRates(brand.brandName)
  const initiate = useInitiateBuyOrder()

  const [initial] = useState(initialState)
  const [fiat, setFiat] = useState<FiatCurrency>(initial.fiat)
  const [crypto, setCrypto] = useState<CryptoCurrency>(initial.crypto)
  const [side, setSide] = useState<AmountSide>('fiat')
  const [fiatText, setFiatText] = useState(initial.fiatText)
  const [cryptoText, setCryptoText] = useState('')
  const [wallet, setWallet] = useState(initial.wallet)
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [alert, setAlert] = useState<string | null>(null)
  /** Why a new order waits for a journey step under review (not an error of what was typed). */
  const [stepLine, setStepLine] = useState<string | null>(null)
  const [separators] = useState(customerNumberSeparators)

  const ratesData = rates.data?.result ? rates.data.data : null
  const entry = ratesData?.data.find((group) => group.quoteCur === fiat)?.data.find((item) => item.baseCur === crypto)
  const limits = ratesData?.limits[fiat]
  const unavailable = rates.isError || rates.data?.result === false || (ratesData !== null && !entry)
  const stale = unavailable || ratesData?.stale === true

  const typed = side === 'fiat' ? fiatText : cryptoText
  const calc = entry ? quoteFromInput(side, typed, entry, crypto, separators) : null
  const quote = calc?.kind === 'quote' ? calc.quote : null
  const fiatShown = side === 'fiat' ? fiatText : quote ? formatAmount(quote.fiatAmount, FIAT_DECIMALS) : ''
  const cryptoShown =
    side === 'crypto' ? cryptoText : quote ? formatAmount(quote.cryptoAmount, CRYPTO_DECIMALS[crypto]) : ''

  const inputError = calc?.kind === 'invalid' ? calc.message : undefined
  const amountRuleError = quote ? limitMessage(quote.fiatAmount, limits, fiat) : undefined
  const amountMissing =
    submitted && calc?.kind === 'empty' ? firstError(OrderInitiateBuyRequest.shape.amount, '') : undefined
  const amountError =
    serverErrors.amount ?? amountRuleError ?? (side === 'fiat' ? (inputError ?? amountMissing) : amountMissing)
  const cryptoError = side === 'crypto' ? inputError : undefined
  const walletError =
    serverErrors.wallet ?? (wallet.trim() === '' ? undefined : firstError(walletAddressSchema(crypto), wallet))

  // The order is kept as the customer types, so a reload or a later visit picks it up.
  useEffect(() => {
    saveCurrentOrder({
      fiatCur: fiat,
      cryptoCur: crypto,
      orderType: DEFAULT_ORDER_TYPE,
      orderAmount: fiatShown || null,
      orderValue: cryptoShown || null,
      orderWallet: wallet || null,
    })
  }, [fiat, crypto, fiatShown, cryptoShown, wallet])

  useEffect(() => {
    if (ratesData) updateSessionState({ ratesArray: ratesData.data })
  }, [ratesData])

  function typeAmount(typedSide: AmountSide, value: string) {
    setSide(typedSide)
    if (typedSide === 'fiat') setFiatText(value)
    else setCryptoText(value)
    setServerErrors((current) => ({ ...current, amount: undefined }))
  }

  // Only typing decides which amount is fixed: a field that is focused, or tabbed through, leaves the customer's amount
  // as it was, so it neither drifts with the prices nor is lost with the coin (decision 087).
  function changeCoin(next: CryptoCurrency) {
    if (side === 'crypto' && fiatShown !== '') {
      // An amount of the old coin means nothing in the new one: the price it came to is kept as what the customer pays.
      setFiatText(fiatShown)
      setSide('fiat')
    }
    setCrypto(next)
    setServerErrors({})
  }

  function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    setAlert(null)
    setStepLine(null)
    if (stale || !quote || amountError || walletError) return
    // The amount as it was read and shown ("You pay 100.50 EUR"), never the typed text: the api gets a plain decimal.
    const amount = quote.fiatAmount
    const walletAddress = wallet.trim()
    initiate.mutate(
      { amount, assetId: assetIdOf(crypto, fiat), wallet: walletAddress, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (answer === false) {
            void navigate('/login', { replace: true })
            return
          }
          if (!answer.result) {
            switch (answer.error) {
              case 'wallet_invalid':
                setServerErrors({ wallet: walletAddressMessage(crypto) })
                return
              case 'amount_below_minimum':
                setServerErrors({
                  amount: limits ? minimumAmountMessage(limits.min, fiat) : ALERT_MESSAGES.somethingWentWrong,
                })
                return
              case 'amount_above_maximum':
                setServerErrors({
                  amount: limits ? maximumAmountMessage(limits.max, fiat) : ALERT_MESSAGES.somethingWentWrong,
                })
                return
              case 'rates_unavailable':
                setAlert(STALE_PRICES_MESSAGE)
                return
              case 'step_required':
                if (answer.step && onStepRequired) void onStepRequired(answer.step).then((line) => setAlert(line))
                else setAlert(ERROR_COPY.step_required ?? ALERT_MESSAGES.somethingWentWrong)
                return
              default:
                setAlert(ALERT_MESSAGES.somethingWentWrong)
                return
            }
          }
          const { reference, tranId, fiatAmount } = answer.data
          saveCurrentOrder({ orderReference: reference, tranId })
          startActiveOrder({
            orderReference: reference,
            tranId,
            statusName: 'initiated',
            fiatCur: fiat,
            cryptoCur: crypto,
            orderAmount: formatAmount(fiatAmount, FIAT_DECIMALS),
            orderWallet: walletAddress || PLACEHOLDER_WALLET,
            azToken: getSignupToken(),
          })
          updateSessionState({ lastScreen: METHOD_PATH })
          void queryClient.invalidateQueries({ queryKey: [GROSS_QUERY_KEY] })
          void navigate(METHOD_PATH)
        },
        onError: () => setAlert(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  const coin = crypto.toUpperCase()
  const fiatCode = fiat.toUpperCase()
  const walletsOfCoin = savedWallets.filter((saved) => saved.crypto === crypto)

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={handleStart} noValidate aria-label="Buy crypto">
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Title order={2} fz="xl">
                Buy crypto
              </Title>
              {ratesData?.simulated ? (
                <Badge
                  color="yellow"
                  variant="light"
                  size="lg"
                  radius="sm"
                  tt="none"
                  h="auto"
                  py={4}
                  styles={{ label: { whiteSpace: 'normal' } }}
                >
                  Simulated prices (test environment)
                </Badge>
              ) : null}
            </Group>

            {stale && !rates.isPending ? (
              <Alert color="orange" variant="light" radius="md">
                {STALE_PRICES_MESSAGE}
              </Alert>
            ) : null}

            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <TextField
                label="You pay"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={fiatShown}
                onChange={(event) => typeAmount('fiat', event.currentTarget.value)}
                error={amountError}
              />
              <CurrencySelect
                label="Currency you pay"
                data={FIAT_OPTIONS}
                value={fiat}
                onChange={(value) => setFiat(value as FiatCurrency)}
                size="md"
              />
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <TextField
                label="You receive"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00000000"
                value={cryptoShown}
                onChange={(event) => typeAmount('crypto', event.currentTarget.value)}
                error={cryptoError}
              />
              <CurrencySelect
                label="Coin you receive"
                data={CRYPTO_OPTIONS}
                value={crypto}
                onChange={(value) => changeCoin(value as CryptoCurrency)}
                searchable
                size="md"
              />
            </SimpleGrid>

            {quote && !amountError && !cryptoError ? (
              <Text size="sm" role="status" aria-live="polite">
                {`You pay ${formatFiat(quote.fiatAmount, fiat)}, fee included`}
              </Text>
            ) : null}

            <TextField
              label="Wallet address"
              description={walletNoteFor(crypto, fiat, wallet, savedWallets)}
              autoComplete="off"
              spellCheck={false}
              placeholder={`Your ${coin} address`}
              value={wallet}
              onChange={(event) => {
                setWallet(event.currentTarget.value)
                setServerErrors((current) => ({ ...current, wallet: undefined }))
              }}
              error={walletError}
            />
            {walletsOfCoin.length > 0 ? (
              <Group gap="xs" role="group" aria-label={`Your saved ${coin} wallets`}>
                <Text size="sm" c="dimmed">
                  Your saved wallets:
                </Text>
                {walletsOfCoin.map((saved) => (
                  <Button
                    key={saved.address}
                    size="compact-sm"
                    variant={wallet.trim() === saved.address ? 'filled' : 'light'}
                    aria-label={`Use saved wallet ${saved.address}`}
                    aria-pressed={wallet.trim() === saved.address}
                    onClick={() => {
                      setWallet(saved.address)
                      setServerErrors((current) => ({ ...current, wallet: undefined }))
                    }}
                    styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  >
                    {shortAddress(saved.address)}
                  </Button>
                ))}
              </Group>
            ) : null}

            <FormAlert message={alert} />
            {stepLine ? (
              <Alert role="status" color="blue" variant="light" radius="md">
                {stepLine}
              </Alert>
            ) : null}

            <Button type="submit" size="md" fullWidth loading={initiate.isPending} disabled={stale || rates.isPending}>
              Buy {coin}
            </Button>
          </Stack>
        </form>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Price details">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Price details
          </Title>
          {rates.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading prices">
              <Skeleton height={16} />
              <Skeleton height={16} />
              <Skeleton height={16} />
            </Stack>
          ) : entry && ratesData ? (
            <>
              <PriceLine
                label="Your rate"
                value={`1 ${coin} = ${formatAmount(entry.rate, FIAT_DECIMALS)} ${fiatCode}`}
              />
              <PriceLine
                label="Market price (mid)"
                value={`1 ${coin} = ${formatAmount(entry.mid, FIAT_DECIMALS)} ${fiatCode}`}
              />
              <PriceLine label="Spread" value={formatBps(entry.spreadBps)} />
              <PriceLine
                label="Fee"
                value={
                  quote
                    ? `${formatAmount(quote.fee, FIAT_DECIMALS)} ${fiatCode} (${formatBps(entry.feeBps)})`
                    : formatBps(entry.feeBps)
                }
              />
              {quote ? <PriceLine label="Total incl. fee" value={formatFiat(quote.fiatAmount, fiat)} /> : null}
              {limits ? (
                <PriceLine
                  label="Order limits"
                  value={`${formatAmount(limits.min, FIAT_DECIMALS)} – ${formatAmount(limits.max, FIAT_DECIMALS)} ${fiatCode}`}
                />
              ) : null}
              <Divider my={4} />
              <Text size="sm">
                Price fixed for {formatDuration(ratesData.quoteTtlSeconds)} once you start the order
              </Text>
              <Text size="xs" c="dimmed">
                Prices updated {ratesData.ageSeconds} s ago, at {formatClockTime(ratesData.asOf)} ({ratesData.source})
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No price for {coin} in {fiatCode} right now.
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  )
}
