import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { getSessionState, updateSessionState } from '../../../lib/session-state'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useSelectPaymentMethod } from '../api/select-payment-method'
import { useKeptPaymentMethods } from '../use-kept-payment-methods'
import { PaymentStep } from './payment-step'

type ChoiceGroup = 'psps' | 'banks'

/** Each group's next step; its texts are the messages `orders.choose.<group>.…`. */
const NEXT: Record<ChoiceGroup, string> = { psps: WEB_PATHS.startCard, banks: WEB_PATHS.wire }

function OptionButton({
  option,
  hint,
  onChoose,
  disabled,
}: {
  option: PaymentOption
  hint: string
  onChoose: () => void
  disabled: boolean
}) {
  const hintId = useId()
  return (
    <UnstyledButton
      onClick={onChoose}
      disabled={disabled}
      aria-label={option.name}
      aria-describedby={hintId}
      style={{ display: 'block', width: '100%', opacity: disabled ? 0.6 : 1 }}
    >
      <Paper withBorder radius="md" p="md" h="100%" className="method-option">
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {option.name}
          </Text>
          <Text id={hintId} size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  )
}

interface ChooseOptionScreenProps {
  /** Card providers (/dashboard-choosecc) or banks (/dashboard-choosebank, /dashboard-banks). */
  group: ChoiceGroup
}

/**
 * The customer picks one option: it is kept on the order, then the next step of its group opens. `choosing` is the
 * option being kept meanwhile.
 */
function useChooseOption(group: ChoiceGroup, reference: string | null, setError: (message: string | null) => void) {
  const brand = useBrand()
  const navigate = useNavigate()
  const selectMethod = useSelectPaymentMethod()
  const [choosing, setChoosing] = useState<string | null>(null)

  async function choose(option: PaymentOption) {
    if (!reference) return
    setError(null)
    setChoosing(option.id)
    const answer = await selectMethod
      .mutateAsync({ orderReference: reference, group, optionId: option.id, brandName: brand.brandName })
      .catch(() => null)
    setChoosing(null)
    if (!answer || !answer.result) {
      setError(answer ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong))
      return
    }
    updateSessionState(group === 'banks' ? { selectedBank: option } : { selectedPsp: option })
    void navigate(pathForOrder(NEXT[group], reference))
  }

  return { choose, choosing }
}

interface OptionListProps {
  group: ChoiceGroup
  options: readonly PaymentOption[]
  loading: boolean
  disabled: boolean
  onChoose: (option: PaymentOption) => void
}

/** The options of the group, one button each; while none is known yet, a skeleton; with none at all, the way back. */
function OptionList({ group, options, loading, disabled, onChoose }: OptionListProps) {
  const t = useCatalog(ordersCatalog)
  if (options.length > 0)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {options.map((option) => (
          <OptionButton
            key={option.id}
            option={option}
            hint={t(`orders.choose.${group}.hint`, { name: option.name })}
            disabled={disabled}
            onChoose={() => onChoose(option)}
          />
        ))}
      </SimpleGrid>
    )
  if (loading)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-label={t('orders.choose.loading')}>
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </SimpleGrid>
    )
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t(`orders.choose.${group}.none`)}</Text>
      <Anchor component={Link} to={WEB_PATHS.method} fw={600} size="sm">
        {t('orders.choose.another')}
      </Anchor>
    </Stack>
  )
}

/** The order can be paid through several providers or banks: the customer picks one and goes on with it. */
export function ChooseOptionScreen({ group }: ChooseOptionScreenProps) {
  const brand = useBrand()
  const reference = useOrderInView('payment')
  const methods = usePaymentMethods(brand.brandName, reference)
  const [error, setError] = useState<string | null>(null)
  const { choose, choosing } = useChooseOption(group, reference, setError)
  const t = useCatalog(ordersCatalog)
  useOrderCopy()

  const methodsAnswer = methods.data && methods.data.result ? methods.data : null
  useKeptPaymentMethods(methodsAnswer)

  // The options the method screen kept show at once; the api's current list replaces them when it arrives.
  const session = getSessionState()
  const options = methodsAnswer
    ? methodsAnswer[group].options
    : group === 'psps'
      ? session.pspArray
      : session.banksArray

  return (
    <PaymentStep
      title={t(`orders.choose.${group}.title`)}
      description={t(`orders.choose.${group}.description`)}
      orderReference={reference}
      needs="initiated"
      buyStep="method"
    >
      {() => (
        <Stack gap="sm" component="section" aria-label={t(`orders.choose.${group}.list`)}>
          <Title order={2} fz="lg">
            {t(`orders.choose.${group}.list`)}
          </Title>
          <OptionList
            group={group}
            options={options}
            loading={methods.isPending}
            disabled={choosing !== null}
            onChoose={(option) => void choose(option)}
          />
          <FormAlert message={error} />
          <Anchor component={Link} to={pathForOrder(WEB_PATHS.method, reference)} fw={600} size="sm">
            {t('orders.choose.back')}
          </Anchor>
        </Stack>
      )}
    </PaymentStep>
  )
}
