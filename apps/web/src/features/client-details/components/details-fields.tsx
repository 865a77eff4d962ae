import { ClientDetails, type StoredClientDetails } from '@exchange/shared/clients.schemas'
import { ALLOWED_COUNTRIES } from '@exchange/shared/countries'
import { localCountryName } from '../../../lib/world-countries'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert, useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { alertCopyFor } from '../../../lib/dashboard-alert-copy'
import { useBrand } from '../../../lib/brand-context'
import { clientNameOf, updateSessionState } from '../../../lib/session-state'
import type { FieldErrors } from '../../../lib/use-form-fields'
import { firstError } from '../../../lib/validation'
import { useSaveClientDetails } from '../api/save-client-details'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clientDetailsCatalog, detailsRuleCopy } from '../messages'

export type DetailsValues = Record<keyof ClientDetails, string>
const FIELDS = [
  'firstName',
  'lastName',
  'address',
  'city',
  'postal',
  'country',
  'phone',
] as const satisfies readonly (keyof ClientDetails)[]

/** The countries one may live in, named in the language in force (the shared English name where the browser has none). */
const countryOptions = () =>
  ALLOWED_COUNTRIES.map((country) => ({ value: country.code, label: localCountryName(country.code) ?? country.name }))

/**
 * The shared schema's country rule is a bare enum, whose message lists every code; the Select only offers
 * allowed countries, so the one way to fail it is to choose none.
 */
const countryMessage = () => clientDetailsCatalog.t('clientDetails.rule.country')

/** An empty field counts as not given, so the schema answers with its "is required" message. */
const given = (value: string) => (value.trim() === '' ? undefined : value)

/** A field's first message from the shared schema, in the customer's language. */
const rule = (key: Exclude<keyof DetailsValues, 'country'>) => (value: string) => {
  const message = firstError(ClientDetails.shape[key], given(value))
  return message && detailsRuleCopy(key, message)
}

const validators: { [K in keyof DetailsValues]: (value: string) => string | undefined } = {
  firstName: rule('firstName'),
  lastName: rule('lastName'),
  address: rule('address'),
  city: rule('city'),
  postal: rule('postal'),
  country: (value) => (firstError(ClientDetails.shape.country, given(value)) ? countryMessage() : undefined),
  phone: rule('phone'),
}

/** Each field's message from the shared schema, or the details to save as the schema reads them. */
function check(values: DetailsValues): FormOutcome<DetailsValues, ClientDetails> {
  const errors: FieldErrors<DetailsValues> = {}
  for (const key of FIELDS) {
    const message = validators[key](values[key])
    if (message) errors[key] = message
  }
  if (Object.keys(errors).length > 0) return { errors }
  const parsed = ClientDetails.safeParse(values)
  return parsed.success ? { data: parsed.data } : { errors: {} }
}

/** The stored details as the form's values; a country we do not serve is left to choose again. */
export function valuesFrom(stored: StoredClientDetails): DetailsValues {
  return {
    firstName: stored.firstName ?? '',
    lastName: stored.lastName ?? '',
    address: stored.address ?? '',
    city: stored.city ?? '',
    postal: stored.postal ?? '',
    country: ALLOWED_COUNTRIES.some((country) => country.code === stored.country) ? (stored.country ?? '') : '',
    phone: stored.phone ?? '',
  }
}

interface DetailsInputsProps {
  form: FormState<DetailsValues, ClientDetails>
  /** The api's messages, each shown until its field changes. */
  refused: FieldErrors<DetailsValues>
  onChange: (key: keyof DetailsValues, value: string) => void
}

/** The fields, two to a row from small screens up. */
function DetailsInputs({ form, refused, onChange }: DetailsInputsProps) {
  const t = useCatalog(clientDetailsCatalog)
  const text = (
    key: Exclude<keyof DetailsValues, 'country'>,
    extra: { autoComplete: string; type?: string; placeholder?: string; inputMode?: 'tel' },
  ) => (
    <TextInput
      label={t(`clientDetails.field.${key}`)}
      size="md"
      value={form.values[key]}
      onChange={(event) => onChange(key, event.currentTarget.value)}
      error={form.errors[key] ?? refused[key]}
      {...extra}
    />
  )

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
      </SimpleGrid>
      {text('address', { autoComplete: 'street-address' })}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {text('city', { autoComplete: 'address-level2' })}
        {text('postal', { autoComplete: 'postal-code' })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t('clientDetails.field.country')}
          placeholder={t('clientDetails.countryPlaceholder')}
          data={countryOptions()}
          searchable
          nothingFoundMessage={t('clientDetails.countryNone')}
          size="md"
          value={form.values.country || null}
          onChange={(value) => onChange('country', value ?? '')}
          error={form.errors.country ?? refused.country}
          autoComplete="off"
        />
        {text('phone', {
          autoComplete: 'tel',
          type: 'tel',
          inputMode: 'tel',
          placeholder: '+41 44 668 18 00',
        })}
      </SimpleGrid>
    </>
  )
}

interface DetailsFieldsProps {
  initial: DetailsValues
  submitLabel: string
  onSaved: (details: ClientDetails) => void
}

/** The details form: checked with the shared schema, saved with `saveClientDetails`, the api's messages shown. */
export function DetailsFields({ initial, submitLabel, onSaved }: DetailsFieldsProps) {
  const t = useCatalog(clientDetailsCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const save = useSaveClientDetails()
  const form = useForm(initial, check)
  const [refused, setRefused] = useState<FieldErrors<DetailsValues>>({})
  const [alert, setAlert] = useState<string | null>(null)

  function change(key: keyof DetailsValues, value: string) {
    form.setField(key, value)
    setRefused((current) => ({ ...current, [key]: undefined }))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    setRefused({})
    const details = form.submit()
    if (!details) return
    save.mutate(
      { ...details, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (answer === false) return void navigate(WEB_PATHS.login, { replace: true })
          if (!answer.result) {
            const fields = Object.entries(answer.fields ?? {}).filter(([key]) =>
              (FIELDS as readonly string[]).includes(key),
            )
            setRefused(
              Object.fromEntries(
                fields.map(([key, message]) => [
                  key,
                  key === 'country' ? countryMessage() : detailsRuleCopy(key, message),
                ]),
              ),
            )
            if (fields.length === 0) setAlert(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
            return
          }
          updateSessionState({ clientName: clientNameOf(details.firstName, details.lastName) })
          onSaved(details)
        },
        onError: () => setAlert(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('clientDetails.form')}>
      <Stack gap="md">
        <DetailsInputs form={form} refused={refused} onChange={change} />
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
