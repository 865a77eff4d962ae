import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { ORDER_PARAM } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { type ComponentProps, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { activeOrderFrom } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { formatCount } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { orderTrailCatalog } from '../order-trail/messages'
import { useIsMobile } from '../../../lib/use-is-mobile'
import { HISTORY_PAGE_SIZE, useHistory } from '../api/get-history'
import { useCancelOrder } from '../use-cancel-order'
import { CancelOrderDialog } from './cancel-order-dialog'
import { OrderDetailDrawer } from './order-detail-drawer'
import { OrderCardList, OrderTable } from './order-history-list'

/** Where the customer is in the history: "Page 2 of 13", or without the last page once the count stopped at its cap. */
function pageLabel(page: number, total: number, totalCapped: boolean): string {
  if (totalCapped) return ordersCatalog.t('orders.history.pageCapped', { page, total: formatCount(total) })
  return ordersCatalog.t('orders.history.pageOf', { page, pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)) })
}

/** History opened at a page: no order yet, the way to buy the first. */
function NoOrdersYet() {
  const t = useCatalog(ordersCatalog)
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} fz="lg">
          {t('orders.history.noOrders')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('orders.history.noOrdersBody')}
        </Text>
        <Button component={Link} to={WEB_PATHS.dashboard}>
          {t('orders.history.buyCrypto')}
        </Button>
      </Stack>
    </Paper>
  )
}

interface HistoryPagerProps {
  page: number
  label: string
  /** The order the next, older page is asked for after; null on the last page. */
  nextAfter: string | null
  /** The page shown is the one being left, until the next arrives. */
  turning: boolean
  onNewer: () => void
  onOlder: (after: string) => void
}

/** The buttons to newer and older pages, with where the customer is between them. */
function HistoryPager({ page, label, nextAfter, turning, onNewer, onOlder }: HistoryPagerProps) {
  const t = useCatalog(ordersCatalog)
  return (
    <Group justify="center" gap="md" component="nav" aria-label={t('orders.history.pages')}>
      <Button variant="default" disabled={page === 1} onClick={onNewer} aria-label={t('orders.history.newerLabel')}>
        {t('orders.history.newer')}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {label}
      </Text>
      <Button
        variant="default"
        disabled={!nextAfter || turning}
        onClick={() => nextAfter && onOlder(nextAfter)}
        aria-label={t('orders.history.olderLabel')}
      >
        {t('orders.history.older')}
      </Button>
    </Group>
  )
}

type HistoryBodyProps = Omit<ComponentProps<typeof OrderTable>, 'orders'> & {
  history: ReturnType<typeof useHistory>
  mobile: boolean
}

/** The page of orders as the api answered it: loading, its refusal with a retry, no order yet, or the orders. */
function HistoryBody({ history, mobile, ...list }: HistoryBodyProps) {
  const t = useCatalog(ordersCatalog)
  const answer = history.data
  const data = answer && answer.result ? answer.data : null
  if (history.isPending)
    return (
      <Stack gap="sm" role="status" aria-label={t('orders.history.loading')}>
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    )
  if (!data)
    return (
      <Alert color="red" title={t('orders.history.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {answer && !answer.result ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
            {t('orders.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    )
  if (data.total === 0) return <NoOrdersYet />
  if (mobile) return <OrderCardList orders={data.orders} {...list} />
  return <OrderTable orders={data.orders} {...list} />
}

/**
 * The page of the history shown, and the way to turn it: older pages are asked for after the last order shown
 * (decision 053); the way back keeps the orders each page was asked after.
 */
function useHistoryPages() {
  const brand = useBrand()
  // The last order of each page passed, newest first: page N is asked for after `trail[N - 2]`.
  const [trail, setTrail] = useState<string[]>([])
  const top = useRef<HTMLDivElement>(null)
  /** Another page opens at its newest order, not where the buttons below the last one left the screen. */
  function turnPage(next: (passed: string[]) => string[]) {
    setTrail(next)
    top.current?.scrollIntoView?.({ block: 'start' })
  }
  const page = trail.length + 1
  const history = useHistory(brand.brandName, page, trail.at(-1))
  return {
    top,
    page,
    history,
    newer: () => turnPage((passed) => passed.slice(0, -1)),
    older: (after: string) => turnPage((passed) => [...passed, after]),
  }
}

/**
 * /dashboard-history: every order, newest first, ten a page; an order opens with its timeline. Older pages are asked
 * for after the last order shown (decision 053); the way back keeps the orders each page was asked after.
 */
export function OrderHistory() {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  // An order opens with its timeline, in the customer's words: loaded with the history.
  useCatalog(orderTrailCatalog)
  const mobile = useIsMobile()
  const { top, page, history, newer, older } = useHistoryPages()
  const [params] = useSearchParams()
  // `?order=REF` opens that order, e.g. when a step it waited for was just done on another screen.
  const [viewing, setViewing] = useState<string | null>(params.get(ORDER_PARAM))
  const [error, setError] = useState<string | null>(null)
  const [toCancel, setToCancel] = useState<OrderSummary | null>(null)
  const { cancel: cancelOrder, cancelling } = useCancelOrder((message) => {
    setToCancel(null)
    setError(message)
  })

  const answer = history.data
  const data = answer && answer.result ? answer.data : null
  const nextAfter = data?.nextAfter ?? null

  function cancel(order: OrderSummary) {
    setError(null)
    cancelOrder(activeOrderFrom(order), () => setToCancel(null))
  }

  return (
    <Stack gap="lg" maw={1100} ref={top}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('orders.history.title')}
        </Title>
        <Text c="dimmed" size="sm">
          <RichText
            catalog={ordersCatalog}
            id="orders.history.intro"
            parts={[<Anchor component={Link} to={WEB_PATHS.dashboard} inherit />]}
          />
        </Text>
      </Stack>
      <FormAlert message={error} />
      <HistoryBody
        history={history}
        mobile={mobile}
        onView={setViewing}
        onCancel={setToCancel}
        cancelling={cancelling}
      />
      {data && (page > 1 || nextAfter) ? (
        <HistoryPager
          page={page}
          label={pageLabel(page, data.total, data.totalCapped)}
          nextAfter={nextAfter}
          turning={history.isPlaceholderData}
          onNewer={newer}
          onOlder={older}
        />
      ) : null}
      <OrderDetailDrawer orderReference={viewing} onClose={() => setViewing(null)} />
      <CancelOrderDialog
        orderReference={toCancel?.orderReference ?? null}
        onConfirm={() => toCancel && cancel(toCancel)}
        onClose={() => setToCancel(null)}
        cancelling={cancelling !== null}
      />
    </Stack>
  )
}
