import { Alert } from '@mantine/core'
import { useState } from 'react'
import type { FieldErrors } from '../../lib/use-form-fields'

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

/** What a whole-form check answers: the values to send, or a message for each field that is wrong. */
export type FormOutcome<T, Out> = { data: Out } | { errors: FieldErrors<T> }

/**
 * The form of the signed-in area: its values, their messages and one check of the whole form (the shared schema
 * plus the rules across fields). Messages show after the first submit; from then on they follow the values as they
 * change, so a fixed mistake loses its message at once, or, with `clearOnChange`, a field's message goes as soon as
 * it is changed (for fields checked only on the way, such as a wallet address). After a refused submit the screen
 * puts the focus on the first message (`focusFirstError`). The account screens use the smaller
 * useFormFields: the /login bundle has no room for more.
 */
export function useForm<T extends object, Out>(
  initial: T,
  /** Gets the messages shown now too, for a form whose messages come from the api and must hold a submit back. */
  check: (values: T, shown: FieldErrors<T>) => FormOutcome<T, Out>,
  /** With it a field's message goes as soon as the field changes, rather than following the check. */
  clearOnChange = false,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  const [tried, setTried] = useState(false)

  /** All values at once, for a change that resets other answers. */
  function change(next: T) {
    setValues(next)
    if (tried && !clearOnChange) {
      const outcome = check(next, errors)
      setErrors('errors' in outcome ? outcome.errors : {})
    }
  }

  function setField<K extends keyof T>(key: K, value: T[K]) {
    change({ ...values, [key]: value })
    if (clearOnChange) setErrors((current) => ({ ...current, [key]: undefined }))
  }

  /** Checks the whole form: the values to send, or undefined once the messages show (then `refused` gets them). */
  function submit(refused?: (errors: FieldErrors<T>) => void): Out | undefined {
    setTried(true)
    const outcome = check(values, errors)
    setErrors('errors' in outcome ? outcome.errors : {})
    if ('data' in outcome) return outcome.data
    refused?.(outcome.errors)
  }

  /** After a save: the given values change, and messages wait for the next submit again. */
  function reset(patch: Partial<T>) {
    setValues((current) => ({ ...current, ...patch }))
    setTried(false)
  }

  return { values, errors, tried, change, setField, setErrors, submit, reset }
}

/** A form's state as its parts receive it. */
export type FormState<T extends object, Out> = ReturnType<typeof useForm<T, Out>>
