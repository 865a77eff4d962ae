import { Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'
import { ClientDetailsForm } from './client-details-form'

/**
 * /dashboard-details: the customer keeps their details up to date (reached from Account), or gives them because a
 * step needs them first (`notice` says which; `onSaved` then goes on to it).
 */
export function DetailsScreen({ notice, onSaved }: { notice?: ReactNode; onSaved?: () => Promise<void> | void } = {}) {
  return (
    <Stack gap="md">
      {notice}
      <ClientDetailsForm
        title="Your details"
        description="Your name and address as they appear on your ID. We need them before you pay."
        submitLabel="Save details"
        onSaved={() => {
          notifications.show({ color: 'green', title: 'Saved', message: 'Details saved' })
          void onSaved?.()
        }}
      />
    </Stack>
  )
}
