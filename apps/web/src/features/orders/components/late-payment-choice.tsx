import type { LatePayment } from '@exchange/shared/orders.schemas'
import type { LateQuote } from '@exchange/shared/payments.schemas'
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { PriceLine } from '../../../components/ui/price-line'
import { useBrand } from '../../../lib/brand-context'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { useDecideLatePayment } from '../api/decide-late-payment'
import { useLatePaymentQuote } from '../api/quote-late-payment'

/**
 * Said when the price moved against the customer between the preview and their answer (decision 049): in English as
 * here, in the customer's language by `priceChangedMessage`.
 */
export const PRICE_CHANGED_MESSAGE =
  'The price changed since you looked, so we bought nothing. Please check the new price below and choose again.'
const priceChangedMessage = () => ordersCatalog.t('orders.late.priceChanged')

const WRAPPING_BUTTON = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 } },
}

function Option({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Title order={4} fz="sm">
            {title}
          </Title>
          {children}
        </Stack>
        {action}
      </Stack>
    </Card>
  )
}

function BuyPreview({ quote, currency }: { quote: NonNullable<LateQuote['buy']>; currency: string }) {
  const t = useCatalog(ordersCatalog)
  const coin = quote.crypto.toUpperCase()
  return (
    <Stack gap={4}>
      <PriceLine label={t('orders.late.todaysPrice')} value={`1 ${coin} = ${formatFiat(quote.rate, currency)}`} />
      <PriceLine
        label={t('orders.late.ordersPrice')}
        value={`1 ${coin} = ${formatFiat(quote.previousRate, currency)}`}
      />
      <PriceLine label={t('orders.fact.fee')} value={formatFiat(quote.fee, currency)} />
      <PriceLine label={t('orders.receipt.total')} value={formatFiat(quote.fiatAmount, currency)} />
      <PriceLine label={t('orders.late.youReceive')} value={formatCrypto(quote.cryptoAmount, quote.crypto)} />
      {Number(quote.excess) > 0 ? (
        <Text size="xs" c="dimmed">
          {t('orders.late.excess', { amount: formatFiat(quote.excess, currency) })}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Why the customer's answer was not taken, in words; null while nothing failed. */
function decisionFailure(answer: ReturnType<typeof useDecideLatePayment>['data']): string | null {
  if (answer === undefined || (answer && answer.result)) return null
  if (!answer) return localizeCopy('Something went wrong, Please try again')
  return answer.error === 'price_changed' ? priceChangedMessage() : orderAlertCopy(answer)
}

/**
 * Money that arrived after the order's price expired: the customer chooses to buy at today's price or to have it
 * sent back. The api prices both answers first (`orderQuoteLatePayment`), so the customer sees the new price, the
 * coins, the fee and the total before committing; the purchase names the price shown and the api refuses it if the
 * price moved against the customer since (decision 049). Both choices look alike; neither is suggested.
 */
export function LatePaymentChoice({
  orderReference,
  latePayment,
}: {
  orderReference: string
  latePayment: LatePayment
}) {
  const t = useCatalog(ordersCatalog)
  const brand = useBrand()
  const quoteQuery = useLatePaymentQuote(brand.brandName, orderReference)
  const decide = useDecideLatePayment()
  const quoteAnswer = quoteQuery.data
  const quote = quoteAnswer && quoteAnswer.result ? quoteAnswer.data : null
  const received = formatFiat(latePayment.amount, latePayment.currency)
  const choose = (decision: 'reprice' | 'refund') =>
    decide.mutate({
      orderReference,
      decision,
      ...(decision === 'reprice' && quote?.buy ? { quotedRate: quote.buy.rate } : {}),
      brandName: brand.brandName,
    })
  const failure = decisionFailure(decide.data)
  const deciding = (decision: 'reprice' | 'refund') => decide.isPending && decide.variables?.decision === decision

  return (
    <Alert color="yellow" title={t('orders.late.title')} role="note">
      <Stack gap="sm">
        <Text size="sm">
          {t('orders.late.body', { amount: received, date: formatDateTime(latePayment.receivedAt, 'minutes') })}
        </Text>
        {failure ? (
          <Text size="sm" c="red.8" fw={600} role="alert">
            {failure}
          </Text>
        ) : null}
        {/* One under the other: the choice sits in the order drawer, narrow at every width. */}
        <SimpleGrid cols={1} spacing="sm">
          <Option
            title={t('orders.late.buy')}
            action={
              <Button
                variant="default"
                onClick={() => choose('reprice')}
                loading={deciding('reprice')}
                disabled={decide.isPending || !quote?.buy || quoteQuery.isFetching}
                {...WRAPPING_BUTTON}
              >
                {t('orders.late.buy')}
              </Button>
            }
          >
            <BuyAtTodaysPrice quoteQuery={quoteQuery} received={received} currency={latePayment.currency} />
          </Option>
          <Option
            title={t('orders.wayOut.sendBack')}
            action={
              <Button
                variant="default"
                onClick={() => choose('refund')}
                loading={deciding('refund')}
                disabled={decide.isPending}
                {...WRAPPING_BUTTON}
              >
                {t('orders.wayOut.sendBack')}
              </Button>
            }
          >
            <PriceLine label={t('orders.late.youGetBack')} value={received} />
            <Text size="xs" c="dimmed">
              {quote?.refund.toAccountEnding
                ? t('orders.late.toAccountEnding', { ending: quote.refund.toAccountEnding })
                : t('orders.late.toAccount')}
            </Text>
          </Option>
        </SimpleGrid>
      </Stack>
    </Alert>
  )
}

interface BuyAtTodaysPriceProps {
  quoteQuery: ReturnType<typeof useLatePaymentQuote>
  /** The money received, in words. */
  received: string
  currency: string
}

/** What buying at today's price gives: the preview, why it cannot be bought, or today's price loading or failed. */
function BuyAtTodaysPrice({ quoteQuery, received, currency }: BuyAtTodaysPriceProps) {
  const t = useCatalog(ordersCatalog)
  const quoteAnswer = quoteQuery.data
  const quote = quoteAnswer && quoteAnswer.result ? quoteAnswer.data : null
  if (quote?.buy) return <BuyPreview quote={quote.buy} currency={currency} />
  if (quote) {
    return (
      <Text size="sm">
        {t('orders.late.belowMinimum', { amount: received, minimum: formatFiat(quote.minimum, currency) })}
      </Text>
    )
  }
  if (quoteQuery.isPending) {
    return (
      <Stack gap={6} role="status" aria-label={t('orders.late.loading')}>
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} />
      </Stack>
    )
  }
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" role="alert">
        {quoteAnswer && !quoteAnswer.result ? orderAlertCopy(quoteAnswer) : t('orders.late.priceFailed')}
      </Text>
      <Button size="xs" variant="subtle" onClick={() => void quoteQuery.refetch()}>
        {t('orders.tryAgain')}
      </Button>
    </Stack>
  )
}
