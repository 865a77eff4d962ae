import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'
import { getSessionState } from '../../../lib/session-state'
import { useStartCardPayment } from '../api/start-card-payment'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { useHostedPage } from '../use-hosted-page'
import { PaymentStep } from './payment-step'

interface StartCardScreenProps {
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/** /dashboard-startcc: what the card payment will take, then off to the card provider's hosted checkout. */
export function StartCardScreen({ onStepRequired }: StartCardScreenProps) {
  const t = useCatalog(ordersCatalog)
  const brand = useBrand()
  const reference = useOrderInView('payment')
  const { selectedPsp, pspArray } = getSessionState()
  const psp = selectedPsp ?? (pspArray.length === 1 ? (pspArray[0] ?? null) : null)
  const startCard = useStartCardPayment()
  const [error, setError] = useState<string | null>(null)
  const { leaving, leaveFor } = useHostedPage()

  function pay(orderReference: string, pspId: string) {
    setError(null)
    startCard.mutate(
      { orderReference, pspId, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
            return
          }
          leaveFor(answer.data.checkoutUrl, orderReference)
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return (
    <PaymentStep
      title={t('orders.card.payment')}
      description={t('orders.card.paymentDescription')}
      orderReference={reference}
      needs="open"
      buyStep="pay"
    >
      {({ order }) =>
        psp ? (
          <Stack gap="md" align="flex-start">
            <Paper withBorder radius="md" p="md" w="100%" component="section" aria-label={t('orders.card.payment')}>
              <Stack gap={4}>
                <Text fw={700}>
                  {t('orders.card.byCardWith', {
                    amount: formatFiat(order.fiatAmount, order.fiatCur),
                    provider: psp.name,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('orders.card.whatHappens', { provider: psp.name })}
                </Text>
              </Stack>
            </Paper>
            <FormAlert message={error} />
            <Group gap="md">
              <Button
                size="md"
                onClick={() => pay(order.orderReference, psp.id)}
                loading={startCard.isPending || leaving}
              >
                {t('orders.card.pay', { amount: formatFiat(order.fiatAmount, order.fiatCur) })}
              </Button>
              <Anchor component={Link} to={WEB_PATHS.method} size="sm" fw={600}>
                {t('orders.choose.another')}
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('orders.card.chooseFirst')}</Text>
            <Anchor component={Link} to={WEB_PATHS.chooseCard} fw={600} size="sm">
              {t('orders.choose.psps.title')}
            </Anchor>
          </Stack>
        )
      }
    </PaymentStep>
  )
}
