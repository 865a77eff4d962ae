import {
  CRYPTO_CURRENCIES,
  CRYPTO_NAMES,
  type CryptoCurrency,
  FIAT_DECIMALS,
  FIAT_CURRENCIES,
  type FiatCurrency,
} from '@exchange/shared/currencies'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { type OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState, type ComponentProps, type FormEvent } from 'react'
import { DEFAULT_ORDER_TYPE } from '@exchange/shared/constants'
import { payoutHoldOfWallet } from '@exchange/shared/payout-hold'
import { FormAlert } from '../../../components/ui/form-alert'
import { PayoutHoldNotice } from '../../../components/ui/payout-hold-notice'
import { TextField } from '../../../components/ui/text-field'
import { useBrand } from '../../../lib/brand-context'
import { saveCurrentOrder } from '../../../lib/current-order'
import { formatFiat, formatNumber } from '../../../lib/format'
import { customerNumberSeparators } from '../../../lib/number-locale'
import { updateSessionState } from '../../../lib/session-state'
import { loadWalletAddressCheck, useWalletAddressCheck } from '../../../lib/wallet-address-check'
import { useForm, type FormState } from '../../../components/ui/form'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useHpRates } from '../api/get-hp-rates'
import type { AmountSide } from '../calculator'
import { buyCatalog, type BuyId } from '../messages'
import { walletNoteFor } from '../wallet-note'
import { CurrencySelect } from './currency-select'
import { PriceDetails } from './price-details'
import {
  initialState,
  orderCheck,
  orderView,
  useStartOrder,
  type OrderValues,
  type OrderView,
  type Prices,
} from './buy-order'

const FIAT_NAMES: Record<FiatCurrency, BuyId> = {
  eur: 'buy.fiat.eur',
  chf: 'buy.fiat.chf',
  gbp: 'buy.fiat.gbp',
  usd: 'buy.fiat.usd',
}

/** The fiat currencies, named in the customer's language. */
const fiatOptions = (t: typeof buyCatalog.t) =>
  FIAT_CURRENCIES.map((code) => ({ value: code, label: `${code.toUpperCase()} – ${t(FIAT_NAMES[code])}` }))
const CRYPTO_OPTIONS = CRYPTO_CURRENCIES.map((code) => ({
  value: code,
  label: `${code.toUpperCase()} – ${CRYPTO_NAMES[code]}`,
}))

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
  /** An order set by someone else (a partner, decision 116): its values replace the kept ones. */
  preset?: Partial<OrderValues>
  /** With a preset: its fields are shown but cannot be changed, and this line says who set them. */
  lockedNote?: string
  /** Copy for refusals the calculator has no words of its own for (a partner's `field_locked`). */
  refusalCopy?: Partial<Record<string, string>>
  /**
   * The security changes of the last 24 hours and the wallets paid out to (decision 126): a new wallet typed here is
   * told, before the order starts, when its coins would go out.
   */
  payoutHolds?: PayoutHoldsData
}

type PayoutHoldsData = Parameters<typeof payoutHoldOfWallet>[0]

const fiatOf = (value: string) => FIAT_CURRENCIES.find((code) => code === value)
const coinOf = (value: string) => CRYPTO_CURRENCIES.find((code) => code === value)

/** One amount as typed, beside the currency it is in. */
function AmountRow({
  label,
  placeholder,
  value,
  error,
  onType,
  currency,
  readOnly,
}: {
  readOnly?: boolean
  label: string
  placeholder: string
  value: string
  error: string | undefined
  onType: (value: string) => void
  currency: ComponentProps<typeof CurrencySelect>
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      <TextField
        label={label}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onType(event.currentTarget.value)}
        error={error}
        readOnly={readOnly}
      />
      <CurrencySelect {...currency} size="md" />
    </SimpleGrid>
  )
}

/** The two amounts, each beside its currency; typing in one computes the other. */
function AmountFields({
  form,
  view,
  locked,
  lockedNote,
}: {
  form: FormState<OrderValues, OrderInitiateBuyRequest>
  view: OrderView
  locked: Partial<OrderValues>
  lockedNote: string | undefined
}) {
  const t = useCatalog(buyCatalog)
  const { values, setErrors, change, setField } = form
  // A set amount holds both fields: typing the other would change it.
  const amountLocked = locked.side !== undefined
  function typeAmount(typedSide: AmountSide, value: string) {
    change({ ...values, side: typedSide, [typedSide === 'fiat' ? 'fiatText' : 'cryptoText']: value })
    setErrors((current) => ({ ...current, fiatText: undefined }))
  }
  // Only typing decides which amount is fixed: a field that is focused, or tabbed through, leaves the customer's amount
  // as it was, so it neither drifts with the prices nor is lost with the coin (decision 087).
  function changeCoin(next: CryptoCurrency) {
    // An amount of the old coin means nothing in the new one: the price it came to is kept as what the customer pays.
    const keepPrice = values.side === 'crypto' && view.fiatShown !== ''
    change({ ...values, crypto: next, ...(keepPrice ? { fiatText: view.fiatShown, side: 'fiat' as const } : {}) })
    setErrors({})
  }
  return (
    <>
      {lockedNote ? (
        <Text size="sm" c="dimmed">
          {lockedNote}
        </Text>
      ) : null}
      <AmountRow
        label={t('buy.youPay')}
        placeholder={formatNumber('0', FIAT_DECIMALS)}
        value={view.fiatShown}
        onType={(value) => typeAmount('fiat', value)}
        error={view.amountError}
        readOnly={amountLocked}
        currency={{
          disabled: locked.fiat !== undefined,
          label: t('buy.currencyYouPay'),
          data: fiatOptions(t),
          value: values.fiat,
          onChange: (value) => {
            const fiat = fiatOf(value)
            if (fiat) setField('fiat', fiat)
          },
        }}
      />
      <AmountRow
        label={t('buy.youReceive')}
        placeholder={formatNumber('0', 8)}
        value={view.cryptoShown}
        onType={(value) => typeAmount('crypto', value)}
        error={view.cryptoError}
        readOnly={amountLocked}
        currency={{
          disabled: locked.crypto !== undefined,
          label: t('buy.coinYouReceive'),
          data: CRYPTO_OPTIONS,
          value: values.crypto,
          onChange: (value) => {
            const coin = coinOf(value)
            if (coin) changeCoin(coin)
          },
          searchable: true,
        }}
      />
    </>
  )
}

/** The hold a payout to the typed wallet would meet after a recent security change; nothing when none (decision 126). */
function WalletHold({ holds, crypto, wallet }: { holds: PayoutHoldsData | undefined; crypto: string; wallet: string }) {
  const hold = holds ? payoutHoldOfWallet(holds, crypto, wallet, new Date()) : null
  return hold ? <PayoutHoldNotice hold={hold} /> : null
}

/** The wallet address, with the customer's proven wallets of the coin to pick from. */
function WalletField({
  form: { values, setField },
  error,
  savedWallets,
  locked,
}: {
  locked: Partial<OrderValues>
  form: FormState<OrderValues, OrderInitiateBuyRequest>
  error: string | undefined
  savedWallets: readonly SavedWallet[]
}) {
  const t = useCatalog(buyCatalog)
  const { crypto, fiat, wallet } = values
  const readOnly = locked.wallet !== undefined
  const coin = crypto.toUpperCase()
  const walletsOfCoin = savedWallets.filter((saved) => saved.crypto === crypto)
  return (
    <>
      <TextField
        label={t('buy.wallet.label')}
        description={walletNoteFor(crypto, fiat, wallet, savedWallets)}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('buy.wallet.placeholder', { coin })}
        value={wallet}
        onChange={(event) => setField('wallet', event.currentTarget.value)}
        error={error}
        readOnly={readOnly}
      />
      {walletsOfCoin.length > 0 && !readOnly ? (
        <Group gap="xs" role="group" aria-label={t('buy.wallet.savedGroup', { coin })}>
          <Text size="sm" c="dimmed">
            {t('buy.wallet.saved')}
          </Text>
          {walletsOfCoin.map((saved) => (
            <Button
              key={saved.address}
              size="compact-sm"
              variant={wallet.trim() === saved.address ? 'filled' : 'light'}
              aria-label={t('buy.wallet.useSaved', { short: shortAddress(saved.address), address: saved.address })}
              aria-pressed={wallet.trim() === saved.address}
              onClick={() => setField('wallet', saved.address)}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            >
              {shortAddress(saved.address)}
            </Button>
          ))}
        </Group>
      ) : null}
    </>
  )
}

function CalculatorTitle({ simulated }: { simulated: boolean }) {
  const t = useCatalog(buyCatalog)
  return (
    <Group justify="space-between" gap="xs">
      {/* The page's name (its document title, decision 125): the h1 above greets the customer. */}
      <Title order={2} fz="xl" data-page-title>
        {t('buy.title')}
      </Title>
      {simulated ? (
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
          {t('buy.simulated')}
        </Badge>
      ) : null}
    </Group>
  )
}

/** The order is kept as the customer types, so a reload or a later visit picks it up; the prices for the next screens. */
function useKeptOrder(values: OrderValues, { fiatShown, cryptoShown }: OrderView, ratesData: Prices['ratesData']) {
  useEffect(() => {
    saveCurrentOrder({
      fiatCur: values.fiat,
      cryptoCur: values.crypto,
      orderType: DEFAULT_ORDER_TYPE,
      orderAmount: fiatShown || null,
      orderValue: cryptoShown || null,
      orderWallet: values.wallet || null,
    })
  }, [values.fiat, values.crypto, fiatShown, cryptoShown, values.wallet])

  useEffect(() => {
    if (ratesData) updateSessionState({ ratesArray: ratesData.data })
  }, [ratesData])
}

/**
 * /dashboard's calculator (mode buy): the fiat and crypto amounts update each other both ways at the
 * chosen pair's customer rate; the order starts at that price and the customer chooses how to pay next.
 */
export function BuyCalculator(props: BuyCalculatorProps = {}) {
  const t = useCatalog(buyCatalog)
  const { savedWallets = [] } = props
  const brand = useBrand()
  const rates = useHpRates(brand.brandName)
  const [initial] = useState(() => ({ ...initialState(), ...props.preset }))
  const locked = (props.lockedNote && props.preset) || {}
  const [separators] = useState(customerNumberSeparators)
  const prices: Prices = {
    ratesData: rates.data?.result ? rates.data.data : null,
    failed: rates.isError || rates.data?.result === false,
  }
  const form = useForm(initial, orderCheck(prices, separators, brand.brandName), true)
  const [alert, setAlert] = useState<string | null>(null)
  const order = useStartOrder(props.onStepRequired, form.setErrors, setAlert, props.refusalCopy)
  const addressChecks = useWalletAddressCheck()
  const { values } = form
  const view = orderView(values, prices, separators, form.errors, form.tried)
  const { ratesData } = prices

  useKeptOrder(values, view, ratesData)

  function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    // An address typed before the networks' checks arrived is judged here first, as every address is.
    if (!addressChecks && values.wallet.trim() !== '') {
      loadWalletAddressCheck().then(start, start)
    } else start()
  }

  function start() {
    const request = form.submit()
    if (request) order.start(request, values, view.limits)
  }

  const { quote } = view
  const coin = values.crypto.toUpperCase()
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={handleStart} noValidate aria-label={t('buy.title')}>
          <Stack gap="md">
            <CalculatorTitle simulated={ratesData?.simulated === true} />
            {view.stale && !rates.isPending ? (
              <Alert color="orange" variant="light" radius="md">
                {t('buy.stalePrices')}
              </Alert>
            ) : null}
            <AmountFields form={form} view={view} locked={locked} lockedNote={props.lockedNote} />
            {quote && !view.amountError && !view.cryptoError ? (
              <Text size="sm" role="status" aria-live="polite">
                {t('buy.youPayTotal', { amount: formatFiat(quote.fiatAmount, values.fiat) })}
              </Text>
            ) : null}
            <WalletField form={form} error={view.walletError} savedWallets={savedWallets} locked={locked} />
            <WalletHold holds={props.payoutHolds} crypto={values.crypto} wallet={values.wallet} />
            <FormAlert message={alert} />
            <Button type="submit" size="md" fullWidth loading={order.pending} disabled={view.stale || rates.isPending}>
              {t('buy.submit', { coin })}
            </Button>
          </Stack>
        </form>
      </Card>
      <PriceDetails
        pending={rates.isPending}
        ratesData={ratesData}
        entry={view.entry}
        quote={quote}
        coin={coin}
        fiat={values.fiat}
      />
    </SimpleGrid>
  )
}
