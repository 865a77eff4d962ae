import { formatIban, normalizeIban } from '@exchange/shared/iban'
import type { TransferInstructions as Instructions } from '@exchange/shared/payments.schemas'
import { Alert, Button, Card, CopyButton, Divider, Group, Stack, Text } from '@mantine/core'
import { Fragment, useId } from 'react'
import { formatFiat } from '../../../lib/format'

interface DetailRow {
  label: string
  /** As the customer reads it, e.g. the IBAN in groups of four. */
  shown: string
  /** What the copy button puts on the clipboard: what a bank's form accepts, without spaces or commas. */
  copied: string
  mono?: boolean
}

function CopyRow({ row }: { row: DetailRow }) {
  const labelId = useId()
  return (
    <Group justify="space-between" align="center" wrap="nowrap" gap="sm" role="group" aria-labelledby={labelId}>
      <Stack gap={2} miw={0}>
        <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={600}>
          {row.label}
        </Text>
        <Text fw={700} ff={row.mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {row.shown}
        </Text>
      </Stack>
      {/* "Copy IBAN", "Copy account holder": acronyms keep their capitals so screen readers spell them. */}
      <CopyButton value={row.copied} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={`Copy ${/^[A-Z]+$/.test(row.label) ? row.label : row.label.toLowerCase()}`}
            style={{ flexShrink: 0 }}
            miw={72}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}

interface TransferInstructionsProps {
  instructions: Instructions
  /** A wire is matched by its reference: it must be the payment reference. A virtual IBAN is matched by the account. */
  referenceRequired: boolean
}

/** Where to send the money and how: account, exact amount and reference, each with a copy button. */
export function TransferInstructions({ instructions, referenceRequired }: TransferInstructionsProps) {
  const amount = formatFiat(instructions.amount, instructions.currency)
  const rows: DetailRow[] = [
    { label: 'IBAN', shown: formatIban(instructions.iban), copied: normalizeIban(instructions.iban), mono: true },
    { label: 'BIC', shown: instructions.bic, copied: instructions.bic, mono: true },
    { label: 'Account holder', shown: instructions.holder, copied: instructions.holder },
    { label: 'Bank', shown: instructions.bankName, copied: instructions.bankName },
    { label: 'Bank address', shown: instructions.bankAddress, copied: instructions.bankAddress },
    { label: 'Amount', shown: amount, copied: instructions.amount },
    {
      label: referenceRequired ? 'Payment reference' : 'Order reference',
      shown: instructions.reference,
      copied: instructions.reference,
      mono: true,
    },
  ]

  return (
    <Stack gap="md">
      {instructions.sandbox ? (
        <Alert role="note" color="yellow" variant="light" title="Sandbox bank (test environment)">
          These are test account details. No real money moves: transfers are simulated.
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Transfer details">
        <Stack gap="sm">
          {rows.map((row, index) => (
            <Fragment key={row.label}>
              {index > 0 ? <Divider /> : null}
              <CopyRow row={row} />
            </Fragment>
          ))}
        </Stack>
      </Card>
      <Alert
        role="note"
        color="blue"
        variant="light"
        title={referenceRequired ? 'Use the reference exactly as shown' : 'Send the exact amount'}
      >
        <Stack gap={4}>
          {referenceRequired ? (
            <Text size="sm">
              Put <strong>{instructions.reference}</strong> as the payment reference, and nothing else. It is how we
              match your transfer to your order.
            </Text>
          ) : (
            <Text size="sm">This IBAN is yours alone, so we recognise your transfer without a reference.</Text>
          )}
          <Text size="sm">
            Send exactly <strong>{amount}</strong> from an account in your own name. A different amount or another
            person&apos;s account delays your order.
          </Text>
        </Stack>
      </Alert>
    </Stack>
  )
}
