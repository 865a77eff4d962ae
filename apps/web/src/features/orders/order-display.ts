import type { OrderStatus } from '@exchange/shared/order-rules'

/** Each status as the customer reads it, and the colour of its badge. */
export const STATUS_DISPLAY: Record<OrderStatus, { label: string; color: string }> = {
  initiated: { label: 'Started', color: 'blue' },
  awaiting_payment: { label: 'Awaiting payment', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  processing: { label: 'Processing', color: 'cyan' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  refunded: { label: 'Refunded', color: 'grape' },
}

export function statusLabel(status: OrderStatus): string {
  return STATUS_DISPLAY[status].label
}
