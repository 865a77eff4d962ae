import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { BuySteps } from '../../../components/ui/buy-steps'
import { useOrderInView } from '../../../lib/order-in-view'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientDetailsCatalog } from '../messages'
import { ClientDetailsForm } from './client-details-form'

/**
 * /dashboard-confirmdetails: the order flow asks for the name and address it is missing, then goes on to the virtual
 * IBAN step; the way back leads to the method choice, for a customer who changes their mind. `summary` is what is
 * being paid for, shown above the form (the route composes the order's card).
 */
export function ConfirmDetailsScreen({ summary }: { summary?: ReactNode }) {
  const t = useCatalog(clientDetailsCatalog)
  const navigate = useNavigate()
  // The order the flow is paying goes on with it to the next step.
  const reference = useOrderInView('payment')
  return (
    <Stack gap="lg" maw={680}>
      <BuySteps current="details" />
      <Anchor component={Link} to={pathForOrder(WEB_PATHS.method, reference)} size="sm" fw={600}>
        {t('clientDetails.confirm.back')}
      </Anchor>
      {summary}
      <ClientDetailsForm
        title={t('clientDetails.confirm.title')}
        description={t('clientDetails.confirm.description')}
        submitLabel={t('clientDetails.confirm.submit')}
        onSaved={() => void navigate(pathForOrder(WEB_PATHS.viban, reference))}
      />
    </Stack>
  )
}
