import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Anchor, Text } from '@mantine/core'
import { useEffect, useState } from 'react'

/**
 * "Code not received?", which reads "Code sent!" once a new code is on its way and gives way to the link again
 * when the api would accept another request.
 */
export function useCodeSent() {
  const [sent, setSent] = useState(false)
  useEffect(() => {
    if (!sent) return
    const timer = setTimeout(() => setSent(false), CODE_RESEND_COOLDOWN_SECONDS * 1000)
    return () => clearTimeout(timer)
  }, [sent])
  return { sent, markSent: () => setSent(true) }
}

export function ResendCodeLink({ sent, pending, onResend }: { sent: boolean; pending: boolean; onResend: () => void }) {
  if (sent) {
    return (
      <Text size="sm" fw={600} c="teal.8" role="status">
        {ALERT_MESSAGES.codeSent}
      </Text>
    )
  }
  return (
    <Anchor component="button" type="button" size="sm" fw={600} onClick={onResend} disabled={pending}>
      {ALERT_MESSAGES.codeNotReceived}
    </Anchor>
  )
}
