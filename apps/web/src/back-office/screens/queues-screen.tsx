import type { Queue, QueueItem } from '@exchange/shared/back-office.schemas'
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { asProblem, postAction } from '../api/client'
import { queuesQuery } from '../api/queries'
import { HeldPaymentActions } from '../components/held-payment-actions'
import { Notice } from '../components/notice'
import { Problem } from '../components/problem'
import { ReasonActions } from '../components/reason-actions'
import { Section } from '../components/section'
import type { ViewState } from '../components/view-reason'
import { formatAge, formatAmount } from '../format'
import { Loading } from '../layout'
import { useMe } from '../me'
import { QUEUE_TITLES, queueReason } from '../queues'

/** Where an item leads: its customer's or order's file, opened with the queue as the reason; a ticket's server page. */
function ItemLinks({ item, reason }: { item: QueueItem; reason: string }) {
  const state: ViewState = { reason }
  return (
    <Group gap="sm">
      {item.customerId ? (
        <Anchor component={Link} to={`/customers/${item.customerId}`} state={state} size="sm">
          Customer
        </Anchor>
      ) : null}
      {item.orderReference ? (
        <Anchor component={Link} to={`/orders/${encodeURIComponent(item.orderReference)}`} state={state} size="sm">
          Order {item.orderReference}
        </Anchor>
      ) : null}
      {item.ticketNumber !== null ? (
        <Anchor href={`/operator/tickets/${item.ticketNumber}`} size="sm">
          Ticket #{item.ticketNumber}
        </Anchor>
      ) : null}
    </Group>
  )
}

/** The decisions an item takes here: a four-eyes request's, a held payment's. */
function ItemActions({
  queue,
  item,
  asked,
  refresh,
}: {
  queue: Queue
  item: QueueItem
  /** The held payments a four-eyes request already names: asked once, they wait for the second operator. */
  asked: ReadonlySet<string>
  refresh: (done: string) => void
}) {
  const me = useMe()
  const { requestId, transferId } = item
  if (queue.kind === 'four_eyes' && requestId) {
    if (item.requestedBy === me.loginName) return <Text size="sm">Asked by you: a second operator decides</Text>
    return (
      <ReasonActions
        onDone={refresh}
        actions={[
          {
            label: 'Approve',
            color: 'green',
            done: 'Approved and done.',
            run: (reason) => postAction(`/operator/four-eyes/${requestId}/approve`, { reason }),
          },
          {
            label: 'Decline',
            color: 'red',
            done: 'Declined: nothing was done.',
            run: (reason) => postAction(`/operator/four-eyes/${requestId}/decline`, { reason }),
          },
        ]}
      />
    )
  }
  if (queue.kind === 'held_payments' && transferId && asked.has(transferId))
    return <Text size="sm">Asked already: waiting for a second operator (above)</Text>
  if (queue.kind === 'held_payments' && transferId)
    return <HeldPaymentActions transferId={transferId} refresh={refresh} />
  return null
}

function QueueSection({
  queue,
  now,
  asked,
  refresh,
}: {
  queue: Queue
  now: number
  asked: ReadonlySet<string>
  refresh: (done: string) => void
}) {
  const title = QUEUE_TITLES[queue.kind]
  const reason = queueReason(queue.kind)
  return (
    <Section
      title={title}
      aside={
        <Badge variant="light" color={queue.count > 0 ? 'orange' : 'gray'}>
          {queue.count}
          {queue.oldestSince ? `, oldest ${formatAge(queue.oldestSince, now)}` : ''}
        </Badge>
      }
    >
      {queue.items.length === 0 ? (
        <Text size="sm">Nothing waits.</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...queue.items]
            .sort((a, b) => Date.parse(a.since) - Date.parse(b.since))
            .map((item) => (
              <Stack
                key={item.id}
                gap={4}
                component="li"
                pb="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatAge(item.since, now)}
                  </Text>
                </Group>
                {item.detail || item.amount ? (
                  <Text size="sm">
                    {[item.detail, item.amount ? formatAmount(item.amount) : null].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
                {item.requestedBy ? <Text size="xs">Asked by {item.requestedBy}</Text> : null}
                <ItemLinks item={item} reason={reason} />
                <ItemActions queue={queue} item={item} asked={asked} refresh={refresh} />
              </Stack>
            ))}
        </Stack>
      )}
    </Section>
  )
}

/** Home: what waits for a person, one section per queue the operator's roles open, the oldest first. */
export default function QueuesScreen() {
  const queues = useQuery(queuesQuery)
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<string | null>(null)
  const refresh = (done: string) => {
    setNotice(done)
    void queryClient.invalidateQueries({ queryKey: queuesQuery.queryKey })
  }
  if (queues.isPending) return <Loading />
  if (queues.isError) return <Problem problem={asProblem(queues.error)} />
  // Ages as of the answer: the list is as old as that anyway.
  const now = queues.dataUpdatedAt
  if (queues.data.queues.length === 0) return <Text>No queue is open to your roles.</Text>
  const asked = new Set(
    queues.data.queues.flatMap((queue) =>
      queue.items.flatMap((item) => (item.requestId && item.transferId ? [item.transferId] : [])),
    ),
  )
  return (
    <Stack gap="sm">
      <Notice text={notice} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {queues.data.queues.map((queue) => (
          <QueueSection key={queue.kind} queue={queue} now={now} asked={asked} refresh={refresh} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
