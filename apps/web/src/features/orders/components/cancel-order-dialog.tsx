import { Button, Group, Modal, Stack, Text } from '@mantine/core'

interface CancelOrderDialogProps {
  /** The order asked about; null keeps the dialog closed. */
  orderReference: string | null
  onConfirm: () => void
  onClose: () => void
  cancelling: boolean
}

/** "Cancel order" asks first: a cancelled order cannot be reopened, and its price is lost. */
export function CancelOrderDialog({ orderReference, onConfirm, onClose, cancelling }: CancelOrderDialogProps) {
  return (
    <Modal
      opened={orderReference !== null}
      onClose={onClose}
      title={`Cancel order ${orderReference ?? ''}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Nothing has been paid for this order. Once cancelled it cannot be paid any more, and a new order gets the
          price of that moment. Do not send a bank transfer for a cancelled order: it would be sent back.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep the order
          </Button>
          <Button color="red" onClick={onConfirm} loading={cancelling}>
            Yes, cancel the order
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
