import { Stack } from '@mantine/core'
import { BuyCalculator } from '../../features/buy/components/buy-calculator'
import { CustomerGreeting } from '../../features/dashboard/components/customer-greeting'

/** /dashboard: the greeting and the buy calculator. */
export function Component() {
  return (
    <Stack gap="xl" maw={1100}>
      <CustomerGreeting />
      <BuyCalculator />
    </Stack>
  )
}
