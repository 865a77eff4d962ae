import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { Button, type ButtonProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { receiptPath } from '../order-display'

/** The way to an order's receipt, shown only once the order is completed (there is no receipt before). */
export function ReceiptButton({
  order,
  children,
  ...button
}: ButtonProps & {
  order: Pick<OrderSummary, 'orderReference' | 'statusName'>
  'aria-label'?: string
  children: ReactNode
}) {
  if (order.statusName !== 'completed') return null
  return (
    <Button component={Link} to={receiptPath(order.orderReference)} {...button}>
      {children}
    </Button>
  )
}
