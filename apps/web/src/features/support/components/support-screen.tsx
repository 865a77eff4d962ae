import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'

/** /dashSupport: how to reach the support team, and who the customer deals with. */
export function SupportScreen() {
  const brand = useBrand()
  const { company } = brand
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Support
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Write to us">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Write to us
            </Title>
            <Text size="sm" c="dimmed">
              Our support team answers every message. Please give your order reference if your question is about an
              order.
            </Text>
            <Anchor href={`mailto:${company.supportEmail}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
              {company.supportEmail}
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Company">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Company
            </Title>
            <Text size="sm">
              {brand.brandName} is operated by <strong>{company.name}</strong>.
            </Text>
            <Text size="sm" c="dimmed">
              {company.address}
            </Text>
            <Group gap="md">
              <Anchor href={brand.termsUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Terms and conditions
              </Anchor>
              <Anchor href={brand.privacyUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Privacy policy
              </Anchor>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
