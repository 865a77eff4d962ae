import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { useCatalog } from '../../lib/i18n/catalog'
import classes from './buy-steps.module.css'
import { uiCatalog } from '../messages'

/** The buy journey's steps in the customer's words, in order. */
const BUY_STEPS = [
  { id: 'amount', label: 'ui.steps.amount' },
  { id: 'method', label: 'ui.steps.method' },
  { id: 'details', label: 'ui.steps.details' },
  { id: 'pay', label: 'ui.steps.pay' },
] as const

export type BuyStep = (typeof BUY_STEPS)[number]['id']

/**
 * Where the customer is in a purchase: amount → method → details → pay. Shared by the buy screens; on a phone only the current
 * step's label shows (buy-steps.module.css), so that a longer language's labels are never cut. The current step is marked for screen readers with `aria-current="step"`.
 */
export function BuySteps({ current }: { current: BuyStep }) {
  const t = useCatalog(uiCatalog)
  const currentIndex = BUY_STEPS.findIndex((step) => step.id === current)
  return (
    <Box component="nav" aria-label={t('ui.steps.label')}>
      <Group component="ol" gap={6} wrap="nowrap" p={0} m={0} style={{ listStyle: 'none' }}>
        {BUY_STEPS.map((step, index) => {
          const done = index < currentIndex
          const active = index === currentIndex
          return (
            <Group
              key={step.id}
              component="li"
              gap={6}
              wrap="nowrap"
              aria-current={active ? 'step' : undefined}
              // The current step keeps its label's width; the others give theirs up first.
              style={{ flex: active ? '0 0 auto' : '1 1 auto', minWidth: 0 }}
            >
              <ThemeIcon
                size={22}
                radius="xl"
                variant={active || done ? 'filled' : 'light'}
                color={active ? undefined : done ? 'teal' : 'gray'}
                aria-hidden
              >
                <Text size="xs" fw={700} c="inherit">
                  {done ? '✓' : index + 1}
                </Text>
              </ThemeIcon>
              <Text
                size="sm"
                fw={active ? 700 : 500}
                c={active ? undefined : 'dimmed'}
                className={classes.label}
                data-current={active || undefined}
              >
                {t(step.label)}
                {done ? <VisuallyHidden>{t('ui.steps.done')}</VisuallyHidden> : null}
              </Text>
            </Group>
          )
        })}
      </Group>
    </Box>
  )
}
