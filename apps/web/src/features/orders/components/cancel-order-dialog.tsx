import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'

interface CancelOrderDialogProps {
  /** The order asked about; null keeps the dialog closed. */
  orderReference: string | null
  onConfirm: () => void
  onClose: () => void
  cancelling: boolean
}

/** "Cancel order" asks first: a cancelled order cannot be reopened, and its price is lost. */
export function CancelOrderDialog({ orderReference, onConfirm, onClose, cancelling }: CancelOrderDialogProps) {
  const t = useCatalog(ordersCatalog)
  return (
    <Modal
      opened={orderReference !== null}
      onClose={onClose}
      title={t('orders.cancel.title', { reference: orderReference ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('orders.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('orders.cancel.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('orders.cancel.keep')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={cancelling}>
            {t('orders.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
