import type { TrailEntry } from '@exchange/shared/back-office.schemas'
import { Table, Text } from '@mantine/core'
import { formatTime } from '../format'

/** The audit trail of a file: who did what, when and why. */
export function TrailTable({ entries }: { entries: TrailEntry[] }) {
  if (entries.length === 0) return <Text size="sm">Nothing recorded yet.</Text>
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Operator</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatTime(entry.at)}</Table.Td>
              <Table.Td>{entry.operator}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>{entry.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
