import type { OrderStatus } from '@exchange/shared/order-rules'
import { Badge } from '@mantine/core'
import { STATUS_DISPLAY } from '../order-display'

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, color } = STATUS_DISPLAY[status]
  return (
    <Badge color={color} variant="light" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {label}
    </Badge>
  )
}
