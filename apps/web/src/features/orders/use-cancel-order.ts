import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { notifications } from '@mantine/notifications'
import type { ActiveOrder } from '../../lib/session-state'
import { useBrand } from '../../lib/brand-context'
import { localizeCopy } from '../../lib/common-copy'
import { orderAlertCopy } from '../../lib/order-copy'
import { ordersCatalog } from './messages'
import { useUpdateOrderStatus } from './api/update-order-status'

/**
 * The customer cancels one of their orders: the status change with its notice "Order REF cancelled", or the reason it
 * could not be done handed to `onError` (to show beside the order).
 */
export function useCancelOrder(onError: (message: string) => void) {
  const brand = useBrand()
  const updateStatus = useUpdateOrderStatus()

  function cancel(order: ActiveOrder, onCancelled?: () => void) {
    updateStatus.mutate(
      { order, statusName: 'cancelled', brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            onError(answer ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong))
            return
          }
          notifications.show({
            color: 'gray',
            title: ordersCatalog.t('orders.timeline.cancelled'),
            message: ordersCatalog.t('orders.cancel.done', { reference: order.orderReference }),
          })
          onCancelled?.()
        },
        onError: () => onError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return { cancel, cancelling: updateStatus.isPending ? updateStatus.variables.order.orderReference : null }
}
