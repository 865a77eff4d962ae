import { Alert } from '@mantine/core'

/** A screen's alert (spec section 8); renders nothing when there is no message. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      radius="md"
      styles={{ message: { fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' } }}
    >
      {message}
    </Alert>
  )
}
