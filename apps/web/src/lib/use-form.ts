import { useState } from 'react'
import type { FieldErrors } from './use-form-fields'

/** What a whole-form check answers: the values to send, or a message for each field that is wrong. */
export type FormOutcome<T, Out> = { data: Out } | { errors: FieldErrors<T> }

/**
 * The form of the signed-in area: its values, their messages and one check of the whole form (the shared schema
 * plus the rules across fields). Messages show after the first submit; from then on they follow the values as they
 * change, so a fixed mistake loses its message at once, or, with `clearOnChange`, a field's message goes as soon as
 * it is changed (for fields checked only on the way, such as a wallet address). The account screens use the smaller
 * useFormFields: the /login bundle has no room for more.
 */
export function useForm<T extends object, Out>(
  initial: T,
  /** Gets the messages shown now too, for a form whose messages come from the api and must hold a submit back. */
  check: (values: T, shown: FieldErrors<T>) => FormOutcome<T, Out>,
  options: {
    /** The fields in the order shown and their ids' prefix: a refused submit puts the focus on the first message. */
    focus?: { order: readonly (keyof T & string)[]; idPrefix: string }
    clearOnChange?: boolean
  } = {},
) {
  const { focus, clearOnChange = false } = options
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
    if (!clearOnChange) return change({ ...values, [key]: value })
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  /** Checks the whole form: the values to send, or undefined once the messages show and the first one has focus. */
  function submit(): Out | undefined {
    setTried(true)
    const outcome = check(values, errors)
    if ('errors' in outcome) {
      setErrors(outcome.errors)
      const first = focus?.order.find((key) => outcome.errors[key])
      if (first && focus) document.getElementById(`${focus.idPrefix}-${first}`)?.focus()
      return undefined
    }
    setErrors({})
    return outcome.data
  }

  /** After a save: the given values change, lose their messages, and messages wait for the next submit again. */
  function reset(patch: Partial<T> = {}) {
    setValues((current) => ({ ...current, ...patch }))
    setErrors((current) => {
      const next = { ...current }
      for (const key of Object.keys(patch)) delete next[key as keyof T]
      return next
    })
    setTried(false)
  }

  return { values, errors, tried, change, setField, setErrors, submit, reset }
}

/** A form's state as its parts receive it. */
export type FormState<T extends object, Out> = ReturnType<typeof useForm<T, Out>>
