import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { Anchor, Button, Code, Divider, Group, Modal, Paper, Radio, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { type FormOutcome, useForm } from '../../../components/ui/form'
import { FormAlert } from '../../../components/ui/form-alert'
import { formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { ordersCatalog } from '../messages'

/** A wallet the customer proved, offered as the order's new destination. */
interface WalletChoice {
  address: string
  /** How it was proven, in words, e.g. "Signed message" or "Declared at Kraken". */
  how: string
}

interface WayOutScreenProps {
  order: OrderSummary
  /** What the payout waits for, in the customer's words (e.g. "a check by our team"). */
  waitingFor: string
  /** The customer's proven wallets of the order's coin, other than the order's own. */
  wallets: readonly WalletChoice[]
  /** Where a new wallet is proven for this order. */
  proveWalletPath: string
  orderPath: string
  /** Each answers a message to show when it failed, else null. */
  onChangeWallet: (address: string) => Promise<string | null>
  onRefund: () => Promise<string | null>
  changing: boolean
  refunding: boolean
}

/**
 * /dashboard-wayout (decision 085): a paid order whose delivery waits can go to another proven wallet, or its money can
 * be sent back, without writing to support. Only an order waiting in `awaiting_checks` gets here with choices.
 */
export function WayOutScreen(props: WayOutScreenProps) {
  const t = useCatalog(ordersCatalog)
  const { order } = props
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const amount = formatFiat(order.fiatAmount, order.fiatCur)

  async function run(action: () => Promise<string | null>) {
    setError(null)
    const failed = await action()
    if (failed) setError(failed)
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={720} component="section" aria-labelledby="way-out">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title id="way-out" order={1} fz={{ base: 24, sm: 28 }}>
            {t('orders.wayOut.title', { reference: order.orderReference })}
          </Title>
          <Text size="sm">{t('orders.wayOut.intro', { amount, waitingFor: props.waitingFor })}</Text>
        </Stack>
        <FormAlert message={error} />
        <OtherWallet
          order={order}
          wallets={props.wallets}
          proveWalletPath={props.proveWalletPath}
          changing={props.changing}
          onChangeWallet={(wallet) => run(() => props.onChangeWallet(wallet))}
        />
        <Divider />
        <MoneyBack amount={amount} onAsk={() => setAsking(true)} />
        <Anchor component={Link} to={props.orderPath} size="sm">
          {t('orders.wayOut.back')}
        </Anchor>
      </Stack>

      <RefundConfirm
        opened={asking}
        order={order}
        amount={amount}
        refunding={props.refunding}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void run(async () => {
            const failed = await props.onRefund()
            setAsking(false)
            return failed
          })
        }
      />
    </Paper>
  )
}

/** The chosen wallet, once one is chosen. */
function chosenWallet(values: { wallet: string | null }): FormOutcome<{ wallet: string | null }, string> {
  return values.wallet ? { data: values.wallet } : { errors: {} }
}

type OtherWalletProps = Pick<WayOutScreenProps, 'order' | 'wallets' | 'proveWalletPath' | 'changing'> & {
  onChangeWallet: (address: string) => Promise<void>
}

/** The first way out: the coins go to another of the customer's proven wallets, or to one proven now. */
function OtherWallet({ order, wallets, proveWalletPath, changing, onChangeWallet }: OtherWalletProps) {
  const t = useCatalog(ordersCatalog)
  const form = useForm<{ wallet: string | null }, string>({ wallet: null }, chosenWallet)
  return (
    <Stack gap="sm" component="section" aria-labelledby="way-out-wallet">
      <Title id="way-out-wallet" order={2} fz="lg">
        {t('orders.wayOut.otherWallet')}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <RichText
          catalog={ordersCatalog}
          id="orders.wayOut.otherWalletBody"
          values={{ wallet: order.orderWallet, coin: order.cryptoCur.toUpperCase() }}
          parts={[<Code />]}
        />
      </Text>
      {wallets.length > 0 ? (
        <Radio.Group
          value={form.values.wallet}
          onChange={(wallet) => form.setField('wallet', wallet)}
          label={t('orders.wayOut.provenWallets')}
        >
          <Stack gap={6} mt={6}>
            {wallets.map((wallet) => (
              <Radio
                key={wallet.address}
                value={wallet.address}
                label={<span style={{ overflowWrap: 'anywhere' }}>{`${wallet.address} (${wallet.how})`}</span>}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orders.wayOut.noOther', { coin: order.cryptoCur.toUpperCase() })}
        </Text>
      )}
      <Group gap="sm">
        {wallets.length > 0 ? (
          <Button
            disabled={form.values.wallet === null}
            loading={changing}
            onClick={() => {
              const wallet = form.submit()
              if (wallet) void onChangeWallet(wallet)
            }}
          >
            {t('orders.wayOut.sendHere')}
          </Button>
        ) : null}
        <Button component={Link} to={proveWalletPath} variant="light">
          {t('orders.wayOut.proveNew')}
        </Button>
      </Group>
    </Stack>
  )
}

/** The second way out: the money goes back, asked for here and confirmed in a dialog. */
function MoneyBack({ amount, onAsk }: { amount: string; onAsk: () => void }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="sm" component="section" aria-labelledby="way-out-refund">
      <Title id="way-out-refund" order={2} fz="lg">
        {t('orders.wayOut.moneyBack')}
      </Title>
      <Text size="sm">{t('orders.wayOut.moneyBackBody', { amount })}</Text>
      <Group>
        <Button color="red" variant="light" onClick={onAsk}>
          {t('orders.wayOut.sendBack')}
        </Button>
      </Group>
    </Stack>
  )
}

interface RefundConfirmProps {
  opened: boolean
  order: OrderSummary
  amount: string
  refunding: boolean
  onClose: () => void
  onConfirm: () => void
}

/** The refund asked once more before it is sent: it closes the order and cannot be undone. */
function RefundConfirm({ opened, order, amount, refunding, onClose, onConfirm }: RefundConfirmProps) {
  const t = useCatalog(ordersCatalog)
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('orders.wayOut.confirmTitle', { amount })}
      centered
      closeButtonProps={{ 'aria-label': t('orders.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('orders.wayOut.confirmBody', { reference: order.orderReference, amount })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('orders.cancel.keep')}
          </Button>
          <Button color="red" loading={refunding} onClick={onConfirm}>
            {t('orders.wayOut.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
