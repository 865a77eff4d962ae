import { AuditExportQuerySchema } from '@exchange/shared/back-office.schemas'
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { Section } from '../components/section'
import { holds, useMe } from '../me'

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The trail of a span of days as CSV, for an auditor (compliance and admin). The api checks the span again. */
export default function AuditScreen() {
  const me = useMe()
  const today = new Date()
  const [from, setFrom] = useState(() => day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))))
  const [to, setTo] = useState(() => day(today))
  if (!holds(me, 'compliance', 'admin')) return <Text>The audit export is for compliance and admins.</Text>
  const span = AuditExportQuerySchema.safeParse({ from, to })
  return (
    <Section title="Audit export">
      <Stack gap="sm">
        <Text size="sm">
          Every entry of the audit trail from the first day to the last (both included, UTC), as CSV.
        </Text>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label="From"
            size="sm"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            size="sm"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
        {span.success ? (
          <Anchor href={`/operator/api/audit.csv?from=${span.data.from}&to=${span.data.to}`} download>
            Download the trail from {span.data.from} to {span.data.to} (CSV)
          </Anchor>
        ) : (
          <Text size="sm" role="alert">
            Give two dates, the first not after the last.
          </Text>
        )}
      </Stack>
    </Section>
  )
}
