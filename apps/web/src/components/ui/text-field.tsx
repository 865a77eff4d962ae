import { useId, type CSSProperties, type InputHTMLAttributes } from 'react'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'id'> {
  label: string
  description?: string
  error?: string
}

const md = 'var(--mantine-font-size-md)'
const smallerThanMd = `calc(${md} - calc(0.125rem * var(--mantine-scale)))`

/**
 * Mantine's TextInput at size md, written out as its own markup with Mantine's own classes (decision 060): the same
 * look, label, description and error, tied to the input for screen readers. Mantine's component draws itself twice on
 * mount (its ids are made after the first paint); three of them on the calculator cost a long task on a phone.
 */
export function TextField({ label, description, error, ...input }: TextFieldProps) {
  const id = `field-${useId()}`
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean)
  const invalid = error ? true : undefined
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="md" data-error={invalid}>
      <label
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="md"
        htmlFor={id}
        id={`${id}-label`}
        style={{ '--input-label-size': md } as CSSProperties}
      >
        {label}
      </label>
      {description ? (
        <p
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size="md"
          id={`${id}-description`}
          style={{ '--input-description-size': smallerThanMd } as CSSProperties}
        >
          {description}
        </p>
      ) : null}
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="md"
        data-error={invalid}
        style={
          {
            '--input-height': 'var(--input-height-md)',
            '--input-fz': md,
            ...(description ? { '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
            ...(error ? { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
          } as CSSProperties
        }
      >
        <input
          {...input}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={invalid}
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        />
      </div>
      {error ? (
        <p
          className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
          data-size="md"
          id={`${id}-error`}
          style={{ '--input-error-size': smallerThanMd } as CSSProperties}
        >
          {error}
        </p>
      ) : null}
    </div>
  )
}
