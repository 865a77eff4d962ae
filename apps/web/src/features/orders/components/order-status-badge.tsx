import type { OrderStatus } from '@exchange/shared/order-rules'
import { Badge } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'
import { STATUS_DISPLAY } from '../order-display'

/** `wrap`: in a narrow column of facts (a 375 px drawer) a long status wraps inside the badge instead of running out. */
export function OrderStatusBadge({ status, wrap = false }: { status: OrderStatus; wrap?: boolean }) {
  const t = useCatalog(ordersCatalog)
  const { label, color } = STATUS_DISPLAY[status]
  return (
    // The label never shrinks to an ellipsis: in a narrow table column "Completed" must not read "COMPLE…".
    <Badge
      color={color}
      variant="light"
      radius="sm"
      h={wrap ? 'auto' : undefined}
      maw={wrap ? '100%' : undefined}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{
        label: { overflow: 'visible', flexShrink: 0, ...(wrap && { whiteSpace: 'normal', paddingBlock: 2 }) },
      }}
    >
      {t(label)}
    </Badge>
  )
}
