import { UK_CATEGORISATION_STATEMENTS, type UkInvestorCategory } from '@exchange/shared/uk-regulation'
import { Alert, Stack, Text } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { availableAgainLine } from '../uk-steps-copy'
import { InfoCard } from './uk-step-parts'

const TEXTS = UK_CATEGORISATION_STATEMENTS

/** A statement that did not qualify: said plainly, with the pause; no other category is offered (no steering). */
export function NotQualified({
  category,
  newStatementFrom,
}: {
  /** The statement just signed; unknown when the customer comes back during the pause. */
  category: UkInvestorCategory | null
  newStatementFrom: string | null
}) {
  const t = useCatalog(ukRiskCatalog)
  return (
    // Nothing to click while the statement is locked: the menu leads elsewhere (decision 087).
    <InfoCard>
      <Alert color="orange" variant="light" radius="md" role="status" w="100%">
        <Stack gap="xs">
          <Text fw={700}>
            {category
              ? t('uk-risk.statement.notMet', { statement: TEXTS[category].title.toLowerCase() })
              : t('uk-risk.statement.lastNotMet')}
          </Text>
          <Text size="sm">
            {newStatementFrom
              ? t('uk-risk.statement.cannotBuyUntil', { availableAgain: availableAgainLine(newStatementFrom) })
              : t('uk-risk.statement.cannotBuy')}
          </Text>
        </Stack>
      </Alert>
    </InfoCard>
  )
}
