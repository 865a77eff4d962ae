import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { routeForMethod, type MethodGroup } from '@exchange/shared/order-rules'

export interface MethodStep {
  /** The next screen: the base path plus the flow's suffix, e.g. '/dashboard-viban' or '/mp-viban'. */
  path: string
  /** The option chosen for the customer when the group has only one. */
  selected: PaymentOption | null
}

/**
 * Spec section 4's routing of a chosen group, under a base path ('/dashboard' here; partner mode will
 * use '/mp'). Undefined when the group has no option.
 */
export function methodStep(
  basePath: string,
  group: MethodGroup,
  options: readonly PaymentOption[],
  names: { firstName: string | null; lastName: string | null },
): MethodStep | undefined {
  const route = routeForMethod(
    group,
    options.map((option) => option.id),
    names,
  )
  if (route.kind === 'unavailable') return undefined
  const selected =
    route.selectedOptionId === null ? null : (options.find((option) => option.id === route.selectedOptionId) ?? null)
  return { path: `${basePath}${route.suffix}`, selected }
}
