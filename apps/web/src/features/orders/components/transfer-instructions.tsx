import { formatIban, normalizeIban } from '@exchange/shared/iban'
import type { TransferInstructions as Instructions } from '@exchange/shared/payments.schemas'
import { Alert, Button, Card, CopyButton, Divider, Group, Stack, Text } from '@mantine/core'
import { Fragment, useId } from 'react'
import { formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { ordersCatalog } from '../messages'

interface DetailRow {
  label: string
  /** The copy button's name for screen readers: "Copy IBAN", "Copy account holder". */
  copyLabel: string
  /** As the customer reads it, e.g. the IBAN in groups of four. */
  shown: string
  /** What the copy button puts on the clipboard: what a bank's form accepts, without spaces or commas. */
  copied: string
  mono?: boolean
}

function CopyRow({ row }: { row: DetailRow }) {
  const t = useCatalog(ordersCatalog)
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
      <CopyButton value={row.copied} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={row.copyLabel}
            style={{ flexShrink: 0 }}
            miw={72}
          >
            {copied ? t('orders.transfer.copied') : t('orders.transfer.copy')}
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

type TransferRow = 'iban' | 'bic' | 'holder' | 'bank' | 'bankAddress' | 'amount' | 'paymentReference' | 'orderReference'

/** Where to send the money and how: account, exact amount and reference, each with a copy button. */
export function TransferInstructions({ instructions, referenceRequired }: TransferInstructionsProps) {
  const t = useCatalog(ordersCatalog)
  const amount = formatFiat(instructions.amount, instructions.currency)
  const row = (name: TransferRow, shown: string, copied: string, mono = false): DetailRow => ({
    label: t(`orders.transfer.${name}`),
    // "Copy IBAN", "Copy account holder": acronyms keep their capitals so screen readers spell them.
    copyLabel: t(`orders.transfer.${name}Copy`),
    shown,
    copied,
    mono,
  })
  const rows: DetailRow[] = [
    row('iban', formatIban(instructions.iban), normalizeIban(instructions.iban), true),
    row('bic', instructions.bic, instructions.bic, true),
    row('holder', instructions.holder, instructions.holder),
    row('bank', instructions.bankName, instructions.bankName),
    row('bankAddress', instructions.bankAddress, instructions.bankAddress),
    row('amount', amount, instructions.amount),
    row(
      referenceRequired ? 'paymentReference' : 'orderReference',
      instructions.reference,
      instructions.reference,
      true,
    ),
  ]

  return (
    <Stack gap="md">
      {instructions.sandbox ? (
        <Alert role="note" color="yellow" variant="light" title={t('orders.transfer.sandbox')}>
          {t('orders.transfer.sandboxBody')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('orders.transfer.details')}>
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
        title={referenceRequired ? t('orders.transfer.useReference') : t('orders.transfer.exactAmount')}
      >
        <Stack gap={4}>
          {referenceRequired ? (
            <Text size="sm">
              <RichText
                catalog={ordersCatalog}
                id="orders.transfer.putReference"
                values={{ reference: instructions.reference }}
                parts={[<strong />]}
              />
            </Text>
          ) : (
            <Text size="sm">{t('orders.transfer.yoursAlone')}</Text>
          )}
          <Text size="sm">
            <RichText
              catalog={ordersCatalog}
              id="orders.transfer.sendExactly"
              values={{ amount: amount }}
              parts={[<strong />]}
            />
          </Text>
        </Stack>
      </Alert>
    </Stack>
  )
}
