import {
  createContext,
  useContext,
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import { Link, type LinkProps } from 'react-router'
import { commonCatalog, localizeCopy } from '../../lib/common-copy'
import { useCatalog } from '../../lib/i18n/catalog'

/**
 * The account screens' building blocks in plain HTML and account.css: the first page a visitor loads carries no
 * component library (decision 051). Labels, error descriptions and focus rings as the dashboard's Mantine fields give.
 */

/** True on a page whose card is all there is (the card layout): its heading is the page's h1 (decision 125). */
export const CardIsPage = createContext(false)

/**
 * The card that holds every account form: one heading, an optional line under it, the form. The heading names the
 * page (its document title): the h1 of a card page, an h2 beside the home views' welcome.
 */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  const Heading = useContext(CardIsPage) ? 'h1' : 'h2'
  return (
    <section aria-label={title} className="ac-card">
      <div className="ac-card-head">
        <Heading className="ac-card-title" data-page-title>
          {title}
        </Heading>
        {description ? <p className="ac-dimmed ac-small">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { label: string; error?: string }

function useFieldIds(error: string | undefined) {
  const id = useId()
  const errorId = `${id}-error`
  return {
    id,
    errorId,
    described: { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined },
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="ac-error">
      {localizeCopy(message)}
    </p>
  ) : null
}

/** A labelled text input with its error under it. */
export function TextField({ label, error, ...input }: InputProps) {
  const { id, errorId, described } = useFieldIds(error)
  return (
    <div className="ac-field">
      <label htmlFor={id} className="ac-label">
        {label}
      </label>
      <input id={id} className="ac-input" {...described} {...input} />
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** The e-mail address of the account forms, with the phone's e-mail keyboard. */
export function EmailField(props: Omit<InputProps, 'label' | 'type' | 'inputMode' | 'placeholder'>) {
  const t = useCatalog(commonCatalog)
  return (
    <TextField
      label={t('common.email.label')}
      type="email"
      inputMode="email"
      placeholder={t('common.email.placeholder')}
      {...props}
    />
  )
}

/** A password with a button that shows the characters typed, and hides them again. */
export function PasswordField({ label, error, ...input }: Omit<InputProps, 'type'>) {
  const { id, errorId, described } = useFieldIds(error)
  const [visible, setVisible] = useState(false)
  const t = useCatalog(commonCatalog)
  return (
    <div className="ac-field">
      <label htmlFor={id} className="ac-label">
        {label}
      </label>
      <div className="ac-password">
        <input id={id} className="ac-input" type={visible ? 'text' : 'password'} {...described} {...input} />
        <button
          type="button"
          className="ac-reveal"
          aria-label={t('common.password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M4 4l16 16" /> : null}
          </svg>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}

export function CheckboxField({
  label,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: ReactNode; error?: string }) {
  const { id, errorId, described } = useFieldIds(error)
  return (
    <div className="ac-field">
      <div className="ac-check">
        <input id={id} type="checkbox" {...described} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}

type Variant = 'filled' | 'default'

/** The screen's action; while its call runs it is disabled and spins, keeping its name. */
export function Button({
  loading = false,
  variant = 'filled',
  children,
  disabled,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { loading?: boolean; variant?: Variant }) {
  return (
    <button
      className="ac-button"
      data-variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...button}
    >
      <span className="ac-button-label">{children}</span>
      {loading ? <span className="ac-spinner ac-button-spinner" aria-hidden="true" /> : null}
    </button>
  )
}

export function ButtonLink({ variant = 'filled', ...link }: Omit<LinkProps, 'className'> & { variant?: Variant }) {
  return <Link className="ac-button" data-variant={variant} {...link} />
}

/** A link-looking action that stays on the page ("Forgot password?"). */
export function TextButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'>) {
  return <button type="button" className="ac-link" {...props} />
}

/** A screen's alert (spec section 8); renders nothing when there is no message. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div role="alert" className="ac-alert">
      {localizeCopy(message)}
    </div>
  )
}

export function Spinner({ label }: { label: string }) {
  return <span className="ac-spinner" role="status" aria-label={label} />
}

/** A page that is on its way somewhere else (logging out, the marketing site). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="ac-page-spinner">
      <Spinner label={label} />
    </div>
  )
}
