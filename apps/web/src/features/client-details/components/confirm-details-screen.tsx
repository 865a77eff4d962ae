import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { BuySteps } from '../../../components/ui/buy-steps'
import { useOrderInView } from '../../../lib/order-in-view'
import { ClientDetailsForm } from './client-details-form'

/**
 * /dashboard-confirmdetails: the order flow asks for the name and address it is missing, then goes on to the virtual
 * IBAN step; the way back leads to the method choice, for a customer who changes their mind. `summary` is what is
 * being paid for, shown above the form (the route composes the order's card).
 */
export function ConfirmDetailsScreen({ summary }: { summary?: ReactNode }) {
  const navigate = useNavigate()
  // The order the flow is paying goes on with it to the next step.
  const reference = useOrderInView('payment')
  return (
    <Stack gap="lg" maw={680}>
      <BuySteps current="details" />
      <Anchor component={Link} to={pathForOrder(WEB_PATHS.method, reference)} size="sm" fw={600}>
        ← Back to the payment methods
      </Anchor>
      {summary}
      <ClientDetailsForm
        title="Confirm your details"
        description="We need your full name and address before you pay. Check them and continue."
        submitLabel="Confirm and continue"
        onSaved={() => void navigate(pathForOrder(WEB_PATHS.viban, reference))}
      />
    </Stack>
  )
}
