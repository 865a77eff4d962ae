import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useJourneyStatus } from '../api/get-journey-status'

/**
 * Whether the identity check was refused for good (`rejected`, final: a resubmission is `required`). Nothing can be
 * bought then, and paid orders go back to where their money came from (decisions 033 and 088).
 */
export function useIdentityRejected(): boolean {
  const brand = useBrand()
  const answer = useJourneyStatus(brand.brandName).data
  return Boolean(
    answer && answer.result && answer.data.steps.some((step) => step.id === 'identity' && step.state === 'rejected'),
  )
}

/**
 * What a customer whose identity check was refused for good reads on the dashboard and the checks page: what happened,
 * what they can still do, and how to reach support. Nothing on it starts or pays an order (decision 088).
 */
export function IdentityRejectedNotice() {
  const brand = useBrand()
  const { supportEmail } = brand.company
  return (
    <Alert color="red" variant="light" radius="lg" role="region" title="We could not verify your identity">
      <Stack gap="xs">
        <Text size="sm">
          Our identity partner could not confirm who you are, and this decision is final. The law does not allow us to
          sell you crypto without it, so you cannot start or pay an order with {brand.brandName}.
        </Text>
        <Text size="sm" fw={600}>
          What you can do
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Money you paid for an order that was not delivered goes back in full to the account or card it came from. We
            e-mail you when it is on its way; you do not need to ask for it.
          </List.Item>
          <List.Item>
            If you think this is a mistake, write to our support team. We explain what we can and tell you if anything
            can be looked at again.
          </List.Item>
        </List>
        <Text size="sm">
          Support:{' '}
          <Anchor href={`mailto:${supportEmail}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
            {supportEmail}
          </Anchor>
        </Text>
        <Button component={Link} to={WEB_PATHS.history} variant="default" size="xs" w="fit-content">
          See your orders
        </Button>
      </Stack>
    </Alert>
  )
}
