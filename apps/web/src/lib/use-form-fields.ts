import { useCallback, useState } from 'react'

type Validators<T> = { [K in keyof T]: (value: T[K]) => string | undefined }
export type FieldErrors<T> = Partial<Record<keyof T, string>>

/**
 * Form values with their rule messages. Fields are checked on submit; once a submit has been tried
 * they are checked as they change, so a fixed mistake loses its message at once.
 */
export function useFormFields<T extends Record<string, unknown>>(initial: T, validators: Validators<T>) {
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  const [submitted, setSubmitted] = useState(false)

  const setField = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => {
      setValues((current) => ({ ...current, [key]: value }))
      setErrors((current) => ({ ...current, [key]: submitted ? validators[key](value) : undefined }))
    },
    [submitted, validators],
  )

  const setError = useCallback((key: keyof T, message: string | undefined) => {
    setErrors((current) => ({ ...current, [key]: message }))
  }, [])

  /** Checks every field, shows the messages, and says whether the form may be sent. */
  const validate = useCallback((): boolean => {
    const next: FieldErrors<T> = {}
    for (const key of Object.keys(validators) as (keyof T)[]) {
      const message = validators[key](values[key])
      if (message) next[key] = message
    }
    setErrors(next)
    setSubmitted(true)
    return Object.keys(next).length === 0
  }, [validators, values])

  /** What a text input needs for a string field: its value, its message, and the change that sets it. */
  const textField = useCallback(
    (key: { [K in keyof T]: T[K] extends string ? K : never }[keyof T]) => ({
      value: values[key] as string,
      error: errors[key],
      onChange: (event: { currentTarget: { value: string } }) =>
        setField(key, event.currentTarget.value as T[typeof key]),
    }),
    [values, errors, setField],
  )

  return { values, errors, setField, setError, validate, textField }
}
