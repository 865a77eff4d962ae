import { FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import { Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core'
import { PriceLine } from '../../../components/ui/price-line'
import { formatBps, formatClockTime, formatFiat, formatNumber } from '../../../lib/format'
import type { RateEntry, RatesData } from '@exchange/shared/rates.schemas'
import { formatDuration, type CalculatorQuote } from '../calculator'

type Quote = Extract<CalculatorQuote, { kind: 'quote' }>['quote']

/** The chosen pair's rate, spread, fee and limits beside the calculator, and how fresh the prices are. */
export function PriceDetails({
  pending,
  ratesData,
  entry,
  quote,
  coin,
  fiat,
}: {
  pending: boolean
  ratesData: RatesData | null
  entry: RateEntry | undefined
  quote: Quote | null
  coin: string
  fiat: FiatCurrency
}) {
  const fiatCode = fiat.toUpperCase()
  const limits = ratesData?.limits[fiat]
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Price details">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Price details
        </Title>
        {pending ? (
          <Stack gap="xs" role="status" aria-label="Loading prices">
            <Skeleton height={16} />
            <Skeleton height={16} />
            <Skeleton height={16} />
          </Stack>
        ) : entry && ratesData ? (
          <>
            <PriceLine label="Your rate" value={`1 ${coin} = ${formatFiat(entry.rate, fiat)}`} />
            <PriceLine label="Market price (mid)" value={`1 ${coin} = ${formatFiat(entry.mid, fiat)}`} />
            <PriceLine label="Spread" value={formatBps(entry.spreadBps)} />
            <PriceLine
              label="Fee"
              value={quote ? `${formatFiat(quote.fee, fiat)} (${formatBps(entry.feeBps)})` : formatBps(entry.feeBps)}
            />
            {quote ? <PriceLine label="Total incl. fee" value={formatFiat(quote.fiatAmount, fiat)} /> : null}
            {limits ? (
              <PriceLine
                label="Order limits"
                value={`${formatNumber(limits.min, FIAT_DECIMALS)} – ${formatFiat(limits.max, fiat)}`}
              />
            ) : null}
            <Divider my={4} />
            <Text size="sm">Price fixed for {formatDuration(ratesData.quoteTtlSeconds)} once you start the order</Text>
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
  )
}
