import { Group, Text } from '@mantine/core'

/** One line of a price breakdown: the label on the left, the amount on the right. */
export function PriceLine({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  )
}
