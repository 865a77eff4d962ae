import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { lookUpActiveOrder } from '../../../lib/active-order'
import { useCustomer } from '../../../lib/customer-context'

/** A dashboard step whose issue has not landed: says so plainly and leads back to the calculator. */
export function NotAvailableScreen({ title }: { title: string }) {
  const customer = useCustomer()
  const order = lookUpActiveOrder(customer.openOrder)

  return (
    <Paper
      component="section"
      aria-labelledby="not-available-title"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={560}
    >
      <Stack gap="md" align="flex-start">
        <Title id="not-available-title" order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text>This step is not available yet. We are working on it.</Text>
        {order ? (
          <Text size="sm" c="dimmed">
            Your order: <strong>{order.orderReference}</strong>
          </Text>
        ) : null}
        <Button component={Link} to={WEB_PATHS.dashboard}>
          Back to the calculator
        </Button>
      </Stack>
    </Paper>
  )
}
