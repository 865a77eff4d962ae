import { Alert } from '@mantine/core'

/** What the operator's last action did, above the page it read again (the item acted on may have left it). */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <Alert color="green" role="status" p="xs">
      {text}
    </Alert>
  )
}
