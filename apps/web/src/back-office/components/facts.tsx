import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

/** Label and value pairs, one a row: a file's details. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table withTableBorder fz="sm" variant="vertical">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
