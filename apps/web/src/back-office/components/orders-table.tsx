import type { OrderSummary } from '@exchange/shared/back-office.schemas'
import { Anchor, Table, Text } from '@mantine/core'
import { Link } from 'react-router'
import { formatAmount, formatTime } from '../format'
import type { ViewState } from './view-reason'

/** A customer's orders, each opening its file with the reason the customer's file was opened for. */
export function OrdersTable({ orders, reason }: { orders: OrderSummary[]; reason: string }) {
  if (orders.length === 0) return <Text size="sm">No orders.</Text>
  const state: ViewState = { reason }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Pays</Table.Th>
            <Table.Th>Gets</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.reference}>
              <Table.Td>
                <Anchor component={Link} to={`/orders/${encodeURIComponent(order.reference)}`} state={state} size="sm">
                  {order.reference}
                </Anchor>
              </Table.Td>
              <Table.Td>{order.status}</Table.Td>
              <Table.Td>{formatAmount(order.fiatAmount)}</Table.Td>
              <Table.Td>
                {order.cryptoAmount ?? ''} {order.crypto}
              </Table.Td>
              <Table.Td>{order.method}</Table.Td>
              <Table.Td>{formatTime(order.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
