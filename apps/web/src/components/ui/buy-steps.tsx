import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { useCatalog } from '../../lib/i18n/catalog'
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
 * Where the customer is in a purchase: amount → method → details → pay. Shared by the buy screens; short labels keep
 * all four in one row at 320 px, a longer one on two lines. The current step is marked for screen readers with `aria-current="step"`.
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
              style={{ flex: '1 1 auto', minWidth: 0 }}
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
                // A longer word (German, French) breaks onto a second line rather than being cut off (decision 129).
                style={{ overflowWrap: 'anywhere', hyphens: 'auto', lineHeight: 1.2 }}
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
