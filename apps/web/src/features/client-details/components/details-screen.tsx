import { Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientDetailsCatalog } from '../messages'
import { ClientDetailsForm } from './client-details-form'

/**
 * /dashboard-details: the customer keeps their details up to date (reached from Account), or gives them because a
 * step needs them first (`notice` says which; `onSaved` then goes on to it).
 */
export function DetailsScreen({ notice, onSaved }: { notice?: ReactNode; onSaved?: () => Promise<void> | void } = {}) {
  const t = useCatalog(clientDetailsCatalog)
  return (
    <Stack gap="md">
      {notice}
      <ClientDetailsForm
        title={t('clientDetails.details.title')}
        description={t('clientDetails.details.description')}
        submitLabel={t('clientDetails.details.submit')}
        onSaved={() => {
          notifications.show({
            color: 'green',
            title: t('clientDetails.details.savedTitle'),
            message: t('clientDetails.details.saved'),
          })
          void onSaved?.()
        }}
      />
    </Stack>
  )
}
