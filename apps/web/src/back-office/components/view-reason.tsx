import { ViewReasonSchema } from '@exchange/shared/back-office.schemas'
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'

/** The reason a file is opened for, as a queue or another file passed it in the router's state. */
export interface ViewState {
  reason?: string
}

function passedReason(state: unknown): string | null {
  const reason = (state as ViewState | null)?.reason
  const parsed = ViewReasonSchema.safeParse(reason)
  return parsed.success ? parsed.data : null
}

/**
 * A customer's or an order's file is opened for a reason, stored with the view (decision 133). Opened from a queue or
 * another file the reason comes with the link; otherwise (a search, an address typed) the operator is asked first. The
 * reason is kept in the page's history entry, so going back and forth does not ask again.
 */
export function WithViewReason({ what, children }: { what: string; children: (reason: string) => ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const reason = passedReason(location.state)
  const [typed, setTyped] = useState('')
  const [invalid, setInvalid] = useState(false)
  if (reason) return children(reason)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ViewReasonSchema.safeParse(typed)
    if (!parsed.success) {
      setInvalid(true)
      return
    }
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { reason: parsed.data } satisfies ViewState },
    )
  }

  return (
    <Paper withBorder p="md" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Open {what}
          </Title>
          <Text size="sm">Opening a file is recorded in the audit trail with your reason.</Text>
          <TextInput
            label="Why do you open this file?"
            value={typed}
            maxLength={200}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={invalid ? 'A reason needs at least 3 characters.' : undefined}
          />
          <Group>
            <Button type="submit" size="sm">
              Open
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
