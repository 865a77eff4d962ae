import { FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import { Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core'
import { PriceLine } from '../../../components/ui/price-line'
import { formatBps, formatClockTime, formatFiat, formatNumber } from '../../../lib/format'
import type { RateEntry, RatesData } from '@exchange/shared/rates.schemas'
import { formatDuration, type CalculatorQuote } from '../calculator'
import { useCatalog } from '../../../lib/i18n/catalog'
import { buyCatalog } from '../messages'

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
  const t = useCatalog(buyCatalog)
  const fiatCode = fiat.toUpperCase()
  const limits = ratesData?.limits[fiat]
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('buy.price.title')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('buy.price.title')}
        </Title>
        {pending ? (
          <Stack gap="xs" role="status" aria-label={t('buy.price.loading')}>
            <Skeleton height={16} />
            <Skeleton height={16} />
            <Skeleton height={16} />
          </Stack>
        ) : entry && ratesData ? (
          <>
            <PriceLine label={t('buy.price.rate')} value={`1 ${coin} = ${formatFiat(entry.rate, fiat)}`} />
            <PriceLine label={t('buy.price.mid')} value={`1 ${coin} = ${formatFiat(entry.mid, fiat)}`} />
            <PriceLine label={t('buy.price.spread')} value={formatBps(entry.spreadBps)} />
            <PriceLine
              label={t('buy.price.fee')}
              value={quote ? `${formatFiat(quote.fee, fiat)} (${formatBps(entry.feeBps)})` : formatBps(entry.feeBps)}
            />
            {quote ? <PriceLine label={t('buy.price.total')} value={formatFiat(quote.fiatAmount, fiat)} /> : null}
            {limits ? (
              <PriceLine
                label={t('buy.price.limits')}
                value={`${formatNumber(limits.min, FIAT_DECIMALS)} – ${formatFiat(limits.max, fiat)}`}
              />
            ) : null}
            <Divider my={4} />
            <Text size="sm">{t('buy.price.fixedFor', { duration: formatDuration(ratesData.quoteTtlSeconds) })}</Text>
            <Text size="xs" c="dimmed">
              {t('buy.price.updated', {
                age: ratesData.ageSeconds,
                time: formatClockTime(ratesData.asOf),
                source: ratesData.source,
              })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('buy.price.none', { coin, fiat: fiatCode })}
          </Text>
        )}
      </Stack>
    </Card>
  )
}
