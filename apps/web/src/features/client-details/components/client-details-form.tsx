import { ClientDetails, type StoredClientDetails } from '@exchange/shared/clients.schemas'
import { ALLOWED_COUNTRIES } from '@exchange/shared/countries'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand } from '../../../lib/brand-context'
import { clientNameOf, updateSessionState } from '../../../lib/session-state'
import { useFormFields } from '../../../lib/use-form-fields'
import { firstError } from '../../../lib/validation'
import { useClientDetails } from '../api/get-client-details'
import { useSaveClientDetails } from '../api/save-client-details'

type FormValues = Record<keyof ClientDetails, string>
const FIELDS = [
  'firstName',
  'lastName',
  'address',
  'city',
  'postal',
  'country',
  'phone',
] as const satisfies readonly (keyof ClientDetails)[]

const COUNTRY_OPTIONS = ALLOWED_COUNTRIES.map((country) => ({ value: country.code, label: country.name }))

/**
 * The shared schema's country rule is a bare enum, whose message lists every code; the Select only offers
 * allowed countries, so the one way to fail it is to choose none.
 */
const COUNTRY_MESSAGE = 'Please choose your country'

/** An empty field counts as not given, so the schema answers with its "is required" message. */
const given = (value: string) => (value.trim() === '' ? undefined : value)

const validators: { [K in keyof FormValues]: (value: string) => string | undefined } = {
  firstName: (value) => firstError(ClientDetails.shape.firstName, given(value)),
  lastName: (value) => firstError(ClientDetails.shape.lastName, given(value)),
  address: (value) => firstError(ClientDetails.shape.address, given(value)),
  city: (value) => firstError(ClientDetails.shape.city, given(value)),
  postal: (value) => firstError(ClientDetails.shape.postal, given(value)),
  country: (value) => (firstError(ClientDetails.shape.country, given(value)) ? COUNTRY_MESSAGE : undefined),
  phone: (value) => firstError(ClientDetails.shape.phone, given(value)),
}

function valuesFrom(stored: StoredClientDetails): FormValues {
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

interface DetailsFieldsProps {
  initial: FormValues
  submitLabel: string
  onSaved: (details: ClientDetails) => void
}

function DetailsFields({ initial, submitLabel, onSaved }: DetailsFieldsProps) {
  const brand = useBrand()
  const navigate = useNavigate()
  const save = useSaveClientDetails()
  const form = useFormFields<FormValues>(initial, validators)
  const [alert, setAlert] = useState<string | null>(null)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    if (!form.validate()) return
    const parsed = ClientDetails.safeParse(form.values)
    if (!parsed.success) return
    save.mutate(
      { ...parsed.data, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (answer === false) {
            void navigate('/login', { replace: true })
            return
          }
          if (!answer.result) {
            const fields = Object.entries(answer.fields ?? {}).filter(([key]) =>
              (FIELDS as readonly string[]).includes(key),
            )
            for (const [key, message] of fields)
              form.setError(key as keyof FormValues, key === 'country' ? COUNTRY_MESSAGE : message)
            if (fields.length === 0) setAlert(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
            return
          }
          updateSessionState({ clientName: clientNameOf(parsed.data.firstName, parsed.data.lastName) })
          onSaved(parsed.data)
        },
        onError: () => setAlert(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  const text = (
    key: Exclude<keyof FormValues, 'country'>,
    label: string,
    extra: { autoComplete: string; type?: string; placeholder?: string; inputMode?: 'tel' },
  ) => (
    <TextInput
      label={label}
      size="md"
      value={form.values[key]}
      onChange={(event) => form.setField(key, event.currentTarget.value)}
      error={form.errors[key]}
      {...extra}
    />
  )

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Your details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
        </SimpleGrid>
        {text('address', 'Address', { autoComplete: 'street-address' })}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('postal', 'Postal code', { autoComplete: 'postal-code' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Country"
            placeholder="Search for your country"
            data={COUNTRY_OPTIONS}
            searchable
            nothingFoundMessage="No country found"
            size="md"
            value={form.values.country || null}
            onChange={(value) => form.setField('country', value ?? '')}
            error={form.errors.country}
            autoComplete="off"
          />
          {text('phone', 'Phone', {
            autoComplete: 'tel',
            type: 'tel',
            inputMode: 'tel',
            placeholder: '+41 44 668 18 00',
          })}
        </SimpleGrid>
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}

interface ClientDetailsFormProps {
  title: string
  description: string
  submitLabel: string
  onSaved: (details: ClientDetails) => void
}

/** The customer's details, prefilled from getClientDetails and checked with the shared schema. */
export function ClientDetailsForm({ title, description, submitLabel, onSaved }: ClientDetailsFormProps) {
  const brand = useBrand()
  const stored = useClientDetails(brand.brandName)
  const answer = stored.data

  let body
  if (stored.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading your details">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  } else if (answer && answer.result) {
    body = <DetailsFields initial={valuesFrom(answer.data)} submitLabel={submitLabel} onSaved={onSaved} />
  } else {
    body = (
      <Alert color="red" title="We could not load your details">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{ALERT_MESSAGES.somethingWentWrong}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void stored.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }

  return (
    <Paper
      component="section"
      aria-labelledby="client-details-title"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={680}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title id="client-details-title" order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  )
}
