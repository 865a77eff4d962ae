import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { asProblem, type ActionAnswer, type ApiProblem } from '../api/client'
import { ASKED } from '../refusals'
import { Notice } from './notice'
import { Problem } from './problem'

export interface ReasonAction {
  label: string
  /** Sends the action with the reason given ('' when it was left empty and is optional). */
  run: (reason: string) => Promise<ActionAnswer>
  /** What the operator reads once it is done (an answer with a `requestId` reads "Asked: …" instead). */
  done: string
  /** An approval of an identity may go without a reason; every other action needs one. */
  reasonOptional?: boolean
  color?: string
}

const MIN_REASON = 3

type Outcome = { done: string } | { problem: ApiProblem } | null

/** What the last action did, or why it was refused, under the buttons. */
function Outcome({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null
  return 'done' in outcome ? <Notice text={outcome.done} /> : <Problem problem={outcome.problem} />
}

/**
 * One reason field and the actions that take it (approve / decline, ask for release / refund). A reason is at least 3
 * characters, as the api checks; the answer, or the api's refusal sentence, is shown under the buttons.
 */
export function ReasonActions({
  actions,
  label = 'Reason',
  onDone,
}: {
  actions: ReasonAction[]
  label?: string
  /**
   * Told what was done: the page shows it above what it reads again (the item acted on may then be gone). Without
   * it, the sentence shows under the buttons.
   */
  onDone?: (done: string) => void
}) {
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)

  const send = async (action: ReasonAction) => {
    const given = reason.trim()
    if (given.length < MIN_REASON && !(action.reasonOptional && given === '')) {
      setMissing(true)
      return
    }
    setMissing(false)
    setBusy(true)
    setOutcome(null)
    try {
      const answer = await action.run(given)
      const done = answer.requestId ? ASKED : action.done
      setReason('')
      if (onDone) onDone(done)
      else setOutcome({ done })
    } catch (error) {
      setOutcome({ problem: asProblem(error) })
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const first = actions[0]
    if (first) void send(first)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={label}
          size="sm"
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={missing ? 'A reason needs at least 3 characters.' : undefined}
        />
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              type="button"
              color={action.color}
              variant={action.color ? 'filled' : 'default'}
              loading={busy}
              onClick={() => void send(action)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
        <Outcome outcome={outcome} />
      </Stack>
    </form>
  )
}
