import type { OrderStatus } from '@exchange/shared/order-rules'
import { Badge } from '@mantine/core'
import { STATUS_DISPLAY } from '../order-display'

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, color } = STATUS_DISPLAY[status]
  return (
    // The label never shrinks to an ellipsis: in a narrow table column "Completed" must not read "COMPLE…".
    <Badge
      color={color}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', flexShrink: 0 } }}
    >
      {label}
    </Badge>
  )
}
