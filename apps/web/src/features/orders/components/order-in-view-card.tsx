import { useBrand } from '../../../lib/brand-context'
import { RichText } from '../../../lib/i18n/rich-text'
import { useOrderInView } from '../../../lib/order-in-view'
import { useOrderDetail } from '../api/get-order-detail'
import { ordersCatalog } from '../messages'
import { OrderCard } from './order-facts'

/** The order this payment page is about, as a card: for steps that belong to another feature (confirm details). */
export function OrderInViewCard() {
  const brand = useBrand()
  const reference = useOrderInView('payment')
  const detail = useOrderDetail(brand.brandName, reference)
  if (!reference) return null
  const answer = detail.data
  return (
    <OrderCard
      order={answer && answer.result ? answer.data.order : null}
      loading={detail.isPending}
      fallback={
        <RichText catalog={ordersCatalog} id="orders.card.reference" values={{ reference }} parts={[<strong />]} />
      }
    />
  )
}
