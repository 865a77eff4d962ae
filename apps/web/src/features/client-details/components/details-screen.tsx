import { notifications } from '@mantine/notifications'
import { ClientDetailsForm } from './client-details-form'

/** /dashboard-details: the customer keeps their details up to date (reached from Account). */
export function DetailsScreen() {
  return (
    <ClientDetailsForm
      title="Your details"
      description="Your name and address as they appear on your ID. We need them before you pay."
      submitLabel="Save details"
      onSaved={() => notifications.show({ color: 'green', title: 'Saved', message: 'Details saved' })}
    />
  )
}
