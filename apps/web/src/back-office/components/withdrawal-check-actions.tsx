import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { asProblem, postAction, type ActionAnswer, type ApiProblem } from '../api/client'
import { Problem } from './problem'

/** A transaction id as the api takes it (`RecordDelivery` in operator.routes.ts): 8 to 200 of letters, digits, _ : . - */
const TX_ID = /^[\w:.-]{8,200}$/

/**
 * A withdrawal the exchange did not confirm: the operator looks it up there, then records the transaction found (its
 * id completes the order) or sends it again when none left. The id is checked here by the api's rule; the api's
 * refusal sentence shows under the buttons, and what was done is told to the page (the section leaves with the order's
 * new state).
 */
export function WithdrawalCheckActions({
  orderReference,
  onDone,
}: {
  orderReference: string
  onDone: (done: string) => void
}) {
  const [txId, setTxId] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ApiProblem | null>(null)

  const send = async (run: () => Promise<ActionAnswer>, done: string) => {
    setBusy(true)
    setProblem(null)
    try {
      await run()
      setTxId('')
      onDone(done)
    } catch (error) {
      setProblem(asProblem(error))
    } finally {
      setBusy(false)
    }
  }

  const record = () => {
    const given = txId.trim()
    if (!TX_ID.test(given)) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    void send(
      () => postAction('/operator/actions/record-delivery', { orderReference, txId: given }),
      'Delivery recorded: the order is complete.',
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    record()
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Transaction id at the exchange"
          size="sm"
          value={txId}
          maxLength={200}
          onChange={(event) => setTxId(event.currentTarget.value)}
          error={invalid ? 'A transaction id is 8 to 200 letters, digits or the signs _ : . -' : undefined}
        />
        <Group gap="xs">
          <Button size="xs" type="button" color="green" loading={busy} onClick={record}>
            Found: record it
          </Button>
          <Button
            size="xs"
            type="button"
            color="red"
            loading={busy}
            onClick={() =>
              void send(
                () => postAction('/operator/actions/retry-withdrawal', { orderReference }),
                'Withdrawal sent again.',
              )
            }
          >
            Not found: send again
          </Button>
        </Group>
        {problem ? <Problem problem={problem} /> : null}
      </Stack>
    </form>
  )
}
