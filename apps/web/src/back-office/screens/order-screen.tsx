import type { OrderFile } from '@exchange/shared/back-office.schemas'
import { Anchor, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { asProblem, postAction } from '../api/client'
import { orderKey, orderQuery } from '../api/queries'
import { Facts } from '../components/facts'
import { HeldPaymentActions } from '../components/held-payment-actions'
import { Notice } from '../components/notice'
import { Problem } from '../components/problem'
import { ReasonActions } from '../components/reason-actions'
import { Section } from '../components/section'
import { TrailTable } from '../components/trail-table'
import { WithViewReason, type ViewState } from '../components/view-reason'
import { WithdrawalCheckActions } from '../components/withdrawal-check-actions'
import { formatAmount, formatTime } from '../format'
import { Loading } from '../layout'
import { holds, useMe } from '../me'

function TimelineSection({ timeline }: { timeline: OrderFile['timeline'] }) {
  return (
    <Section title="Timeline">
      {timeline.length === 0 ? (
        <Text size="sm">Nothing yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {timeline.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${index}`}>
                  <Table.Td>{formatTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.event}</Table.Td>
                  <Table.Td>{entry.detail ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

function PaymentsSection({
  payments,
  actsOnPayments,
  refresh,
}: {
  payments: OrderFile['payments']
  actsOnPayments: boolean
  refresh: (done: string) => void
}) {
  return (
    <Section title="Payments">
      {payments.length === 0 ? (
        <Text size="sm">No payment received.</Text>
      ) : (
        <Stack gap="xs">
          {payments.map((payment) => (
            <Stack key={payment.id} gap={4}>
              <Facts
                rows={[
                  ['Amount', formatAmount(payment.amount)],
                  ['Method', payment.method],
                  ['Status', payment.held ? `${payment.status} (held for a person)` : payment.status],
                  ['Payer', [payment.payerName, payment.payerIban].filter(Boolean).join(', ') || '—'],
                  ['Received', payment.receivedAt ? formatTime(payment.receivedAt) : '—'],
                ]}
              />
              {payment.held && actsOnPayments ? <HeldPaymentActions transferId={payment.id} refresh={refresh} /> : null}
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  )
}

function RefundsSection({ refunds }: { refunds: OrderFile['refunds'] }) {
  return (
    <Section title="Refunds">
      {refunds.length === 0 ? (
        <Text size="sm">No refunds.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refunds.map((refund) => (
                <Table.Tr key={refund.id}>
                  <Table.Td>{formatTime(refund.at)}</Table.Td>
                  <Table.Td>{formatAmount(refund.amount)}</Table.Td>
                  <Table.Td>{refund.status}</Table.Td>
                  <Table.Td>{refund.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

function PayoutSection({ payout }: { payout: OrderFile['payout'] }) {
  return (
    <Section title="Payout">
      {payout ? (
        <Facts
          rows={[
            ['Status', payout.status],
            ['Transaction', payout.txId ?? '—'],
            ['Time', payout.at ? formatTime(payout.at) : '—'],
          ]}
        />
      ) : (
        <Text size="sm">No payout yet.</Text>
      )}
    </Section>
  )
}

/**
 * Finance's decisions on the order: a paid order is refunded (above the four-eyes limit a second operator is asked,
 * decision 132); a withdrawal the exchange did not confirm is recorded as found or sent again.
 */
function FinanceSections({ order, refresh }: { order: OrderFile['order']; refresh: (done: string) => void }) {
  const me = useMe()
  if (!holds(me, 'finance')) return null
  const orderReference = order.reference
  return (
    <>
      {order.status === 'paid' ? (
        <Section title="Refund the order">
          <ReasonActions
            label="Reason (e-mailed to the customer)"
            onDone={refresh}
            actions={[
              {
                label: 'Refund the order',
                color: 'red',
                done: 'Order refunded.',
                run: (reason) => postAction('/operator/actions/refund-order', { orderReference, reason }),
              },
            ]}
          />
        </Section>
      ) : null}
      {order.withdrawalUnconfirmed ? (
        <Section title="Withdrawal to check">
          <Text size="sm">
            The exchange did not confirm this withdrawal. Look it up at the exchange before acting: sending again when
            it left pays the customer twice.
          </Text>
          <WithdrawalCheckActions orderReference={orderReference} onDone={refresh} />
        </Section>
      ) : null}
    </>
  )
}

function OrderFileView({ reference, reason }: { reference: string; reason: string }) {
  const me = useMe()
  const queryClient = useQueryClient()
  const file = useQuery(orderQuery(reference, reason))
  const [notice, setNotice] = useState<string | null>(null)
  const refresh = (done: string) => {
    setNotice(done)
    void queryClient.invalidateQueries({ queryKey: orderKey(reference) })
  }
  if (file.isPending) return <Loading />
  if (file.isError) return <Problem problem={asProblem(file.error)} />
  const { order, timeline, payments, refunds, payout, trail } = file.data
  const state: ViewState = { reason }
  // Asking for a release is compliance's, a refund finance's: each sees the buttons of a role they hold.
  const actsOnPayments = holds(me, 'compliance', 'finance')
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Order {order.reference}
      </Title>
      <Text size="xs">Opened for: {reason}</Text>
      <Notice text={notice} />
      <Section title="Summary">
        <Facts
          rows={[
            ['Status', order.status],
            [
              'Customer',
              <Anchor component={Link} to={`/customers/${order.customerId}`} state={state} size="sm" key="customer">
                {order.email}
              </Anchor>,
            ],
            ['Pays', `${formatAmount(order.fiatAmount)} by ${order.method}`],
            ['Gets', `${order.cryptoAmount ?? ''} ${order.crypto}`.trim()],
            ['Wallet', order.wallet ?? '—'],
            ['Created', formatTime(order.createdAt)],
            ['Payout waits for', order.payoutWaitsFor ?? '—'],
            ['Payout held until', order.payoutHeldUntil ? formatTime(order.payoutHeldUntil) : '—'],
          ]}
        />
      </Section>
      <FinanceSections order={order} refresh={refresh} />
      <TimelineSection timeline={timeline} />
      <PaymentsSection payments={payments} actsOnPayments={actsOnPayments} refresh={refresh} />
      <RefundsSection refunds={refunds} />
      <PayoutSection payout={payout} />
      <Section title="Trail">
        <TrailTable entries={trail} />
      </Section>
    </Stack>
  )
}

/**
 * An order's file: summary, finance's decisions on it, timeline, payments, refunds, payout and the trail (an audited
 * view).
 */
export default function OrderScreen() {
  const { reference = '' } = useParams()
  return (
    <WithViewReason what={`order ${reference}`}>
      {(reason) => <OrderFileView reference={reference} reason={reason} />}
    </WithViewReason>
  )
}
