import { SearchQuerySchema } from '@exchange/shared/back-office.schemas'
import { Anchor, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { asProblem } from '../api/client'
import { searchQuery } from '../api/queries'
import { Problem } from '../components/problem'
import { Section } from '../components/section'
import { formatAmount, formatTime } from '../format'
import { Loading } from '../layout'

/**
 * Customers and orders found by an e-mail, a name, an order reference, an IBAN or a wallet. A result opens its file
 * without a reason: the file asks for one (decision 134).
 */
export default function SearchScreen() {
  const [params] = useSearchParams()
  const parsed = SearchQuerySchema.safeParse({ q: params.get('q') ?? '' })
  const q = parsed.success ? parsed.data.q : null
  const results = useQuery(searchQuery(q))
  if (q === null) return <Text>Type at least 3 characters to search.</Text>
  if (results.isPending) return <Loading />
  if (results.isError) return <Problem problem={asProblem(results.error)} />
  const { customers, orders } = results.data
  return (
    <Stack gap="sm">
      <Section title={`Customers (${customers.length})`}>
        {customers.length === 0 ? (
          <Text size="sm">No customer matches “{q}”.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Matched</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customers.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/customers/${customer.id}`} size="sm">
                        {customer.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{customer.name ?? ''}</Table.Td>
                    <Table.Td>{customer.matched}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={`Orders (${orders.length})`}>
        {orders.length === 0 ? (
          <Text size="sm">No order matches “{q}”.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr key={order.reference}>
                    <Table.Td>
                      <Anchor component={Link} to={`/orders/${encodeURIComponent(order.reference)}`} size="sm">
                        {order.reference}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{order.email}</Table.Td>
                    <Table.Td>{order.status}</Table.Td>
                    <Table.Td>
                      {formatAmount(order.fiatAmount)} → {order.crypto}
                    </Table.Td>
                    <Table.Td>{formatTime(order.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  )
}
