import { Alert } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { journeyCatalog } from '../messages'
import { useStepDone, useStepRequiredLine } from '../use-journey-navigation'

/** On a step's screen: the one line saying why a refused order sent the customer here. */
export function StepRequiredNotice() {
  const line = useStepRequiredLine()
  if (!line) return null
  return (
    <Alert role="status" color="blue" variant="light" radius="md">
      {line}
    </Alert>
  )
}

/** On the screen the customer came back to: their order is as they left it and can start now. */
export function StepDoneNotice() {
  const t = useCatalog(journeyCatalog)
  if (!useStepDone()) return null
  return (
    <Alert role="status" color="teal" variant="light" radius="md">
      {t('journey.done')}
    </Alert>
  )
}
