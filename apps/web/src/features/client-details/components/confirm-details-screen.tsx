import { useNavigate } from 'react-router'
import { pathForOrder, useOrderInView } from '../../../lib/order-in-view'
import { ClientDetailsForm } from './client-details-form'

interface ConfirmDetailsScreenProps {
  /** The order flow's next step once the details are saved. */
  nextPath?: string
}

/** /dashboard-confirmdetails: the order flow asks for the name and address it is missing, then goes on. */
export function ConfirmDetailsScreen({ nextPath = '/dashboard-viban' }: ConfirmDetailsScreenProps) {
  const navigate = useNavigate()
  // The order the flow is paying goes on with it to the next step.
  const reference = useOrderInView('payment')
  return (
    <ClientDetailsForm
      title="Confirm your details"
      description="We need your full name and address before you pay. Check them and continue."
      submitLabel="Confirm and continue"
      onSaved={() => void navigate(pathForOrder(nextPath, reference))}
    />
  )
}
