import {
  BENEFICIAL_OWNER_DECLARATION,
  FALSE_DECLARATION_WARNING,
  SOURCE_OF_FUNDS_QUESTIONS,
  SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Button, Checkbox, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { SOURCE_OF_FUNDS_QUERY_KEY, useSaveSourceOfFunds, useSourceOfFunds } from '../api/source-of-funds'
import {
  EMPLOYMENT_LABELS,
  INCOME_LABELS,
  ORIGIN_LABELS,
  PURPOSE_LABELS,
  VOLUME_LABELS,
  dueDiligenceAlertCopy,
  fieldErrorsOf,
  optionsOf,
  questionText,
} from '../due-diligence-copy'
import {
  ChoiceField,
  FormSection,
  YesNoField,
  booleanOf,
  focusFirstError,
  textOf,
  yesNoOf,
  type YesNo,
} from '../../../components/ui/form-parts'

interface SofForm {
  beneficialOwner: boolean
  employmentStatus: string
  occupation: string
  incomeBand: string
  fundsOrigin: string
  fundsOriginDetails: string
  purpose: string
  purposeDetails: string
  expectedYearlyVolume: string
  politicallyExposed: YesNo
  highRiskCountryTies: YesNo
}
type Field = keyof SofForm

/** The fields in the order the form shows them, for the focus after a refused submit. */
const FIELD_ORDER: readonly Field[] = [
  'beneficialOwner',
  'employmentStatus',
  'occupation',
  'incomeBand',
  'fundsOrigin',
  'fundsOriginDetails',
  'purpose',
  'purposeDetails',
  'expectedYearlyVolume',
  'politicallyExposed',
  'highRiskCountryTies',
]

function formOf(answers: SourceOfFundsAnswers | null): SofForm {
  return {
    // The declaration is given again with every change: it is what the customer confirms now.
    beneficialOwner: false,
    employmentStatus: answers?.employmentStatus ?? '',
    occupation: answers?.occupation ?? '',
    incomeBand: answers?.incomeBand ?? '',
    fundsOrigin: answers?.fundsOrigin ?? '',
    fundsOriginDetails: answers?.fundsOriginDetails ?? '',
    purpose: answers?.purpose ?? '',
    purposeDetails: answers?.purposeDetails ?? '',
    expectedYearlyVolume: answers?.expectedYearlyVolume ?? '',
    politicallyExposed: yesNoOf(answers?.politicallyExposed),
    highRiskCountryTies: yesNoOf(answers?.highRiskCountryTies),
  }
}

function candidateOf(form: SofForm) {
  return {
    beneficialOwner: form.beneficialOwner,
    employmentStatus: form.employmentStatus || undefined,
    occupation: form.occupation,
    incomeBand: form.incomeBand || undefined,
    fundsOrigin: form.fundsOrigin || undefined,
    fundsOriginDetails: textOf(form.fundsOriginDetails),
    purpose: form.purpose || undefined,
    purposeDetails: textOf(form.purposeDetails),
    expectedYearlyVolume: form.expectedYearlyVolume || undefined,
    politicallyExposed: booleanOf(form.politicallyExposed),
    highRiskCountryTies: booleanOf(form.highRiskCountryTies),
  }
}

/** The shared schema's messages; its "other needs a description" rules run only once the rest passes, so here too. */
function validate(form: SofForm): { answers: SourceOfFundsAnswers } | { errors: Partial<Record<Field, string>> } {
  const parsed = SourceOfFundsAnswers.safeParse(candidateOf(form))
  if (parsed.success) return { answers: parsed.data }
  const errors: Partial<Record<Field, string>> = fieldErrorsOf(parsed.error)
  // An empty field is missing, not too short.
  if (!form.occupation.trim()) errors.occupation = 'Please enter your occupation'
  if (form.fundsOrigin === 'other' && !textOf(form.fundsOriginDetails))
    errors.fundsOriginDetails ??= 'Please describe where the money comes from'
  if (form.purpose === 'other' && !textOf(form.purposeDetails)) errors.purposeDetails ??= 'Please describe the purpose'
  return { errors }
}

/**
 * Whether to ask for evidence of the source of funds (decision 038): money from a one-off event (a sale, an
 * inheritance or gift, crypto gains, something else), a large expected yearly volume, a declared PEP or high-risk tie,
 * or enhanced checks owed because of the customer's paid volume.
 */
export function evidenceAsked(
  form: Pick<SofForm, 'fundsOrigin' | 'expectedYearlyVolume' | 'politicallyExposed' | 'highRiskCountryTies'>,
  byThreshold: boolean,
): boolean {
  return (
    byThreshold ||
    ['sale_of_property', 'inheritance_or_gift', 'crypto_gains', 'other'].includes(form.fundsOrigin) ||
    ['50k_100k', 'over_100k'].includes(form.expectedYearlyVolume) ||
    form.politicallyExposed === 'yes' ||
    form.highRiskCountryTies === 'yes'
  )
}

export interface SourceOfFundsScreenProps {
  /** The line saying why a refused order sent the customer here, if it did. */
  notice?: ReactNode
  /** The upload of evidence, composed by the route (the documents feature's picker). */
  evidence: ReactNode
  /** The customer's paid volume has reached the enhanced-checks threshold. */
  evidenceByThreshold: boolean
  /** After a save: goes on in the journey and answers true, or answers false when the customer stays here. */
  onSaved: () => Promise<boolean>
}

function SourceOfFundsForm({
  initial,
  questions,
  answeredAt,
  evidence,
  evidenceByThreshold,
  onSaved,
}: Omit<SourceOfFundsScreenProps, 'notice'> & {
  initial: SofForm
  questions: Record<string, string> | undefined
  answeredAt: string | null
}) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const save = useSaveSourceOfFunds()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [tried, setTried] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const q = (key: keyof typeof SOURCE_OF_FUNDS_QUESTIONS & string) =>
    questionText(questions, SOURCE_OF_FUNDS_QUESTIONS, key)

  function set<K extends Field>(key: K, value: SofForm[K]) {
    const next = { ...form, [key]: value }
    setForm(next)
    setSaved(false)
    // Once a save was tried, messages follow the answers as they change.
    if (tried) {
      const outcome = validate(next)
      setErrors('errors' in outcome ? outcome.errors : {})
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setTried(true)
    setAlert(null)
    const outcome = validate(form)
    if ('errors' in outcome) {
      setErrors(outcome.errors)
      focusFirstError(FIELD_ORDER, outcome.errors, 'sof')
      return
    }
    setErrors({})
    save.mutate(
      { brandName: brand.brandName, answers: outcome.answers },
      {
        onSuccess: async (answer) => {
          if (answer === false) return setAlert(dueDiligenceAlertCopy('unauthorized'))
          if (!answer.result) {
            const fields = Object.fromEntries(
              Object.entries(answer.fields ?? {}).map(([path, message]) => [path.replace(/^answers\./, ''), message]),
            ) as Partial<Record<Field, string>>
            setErrors(fields)
            return setAlert(dueDiligenceAlertCopy(answer.error))
          }
          await queryClient.invalidateQueries({ queryKey: [SOURCE_OF_FUNDS_QUERY_KEY] })
          setForm((current) => ({ ...current, beneficialOwner: false }))
          setTried(false)
          if (!(await onSaved())) setSaved(true)
        },
        onError: () => setAlert(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  const askEvidence = evidenceAsked(form, evidenceByThreshold)

  return (
    <form onSubmit={submit} noValidate aria-label="Source of funds">
      <Stack gap="lg">
        {answeredAt ? (
          <Text size="sm" c="dimmed">
            You last answered on {formatDateTime(answeredAt)}. A change is kept as a new answer; your earlier answers
            stay on record.
          </Text>
        ) : null}

        <FormSection title="Beneficial owner">
          <Checkbox
            id="sof-beneficialOwner"
            label={BENEFICIAL_OWNER_DECLARATION}
            description={FALSE_DECLARATION_WARNING}
            checked={form.beneficialOwner}
            onChange={(event) => set('beneficialOwner', event.currentTarget.checked)}
            error={errors.beneficialOwner}
            size="md"
            styles={{ description: { color: 'var(--mantine-color-orange-4)', fontWeight: 600 } }}
          />
          <Text size="xs" c="dimmed">
            The beneficial owner is the person the money belongs to. If you buy for someone else, do not confirm: please
            contact our support team.
          </Text>
        </FormSection>

        <FormSection title="About you">
          <ChoiceField
            id="sof-employmentStatus"
            label={q('employmentStatus')}
            value={form.employmentStatus}
            options={optionsOf(EMPLOYMENT_LABELS)}
            error={errors.employmentStatus}
            onChange={(value) => set('employmentStatus', value)}
          />
          <TextInput
            id="sof-occupation"
            label={q('occupation')}
            withAsterisk
            placeholder="e.g. Nurse, healthcare"
            autoComplete="organization-title"
            value={form.occupation}
            onChange={(event) => set('occupation', event.currentTarget.value)}
            error={errors.occupation}
            size="md"
          />
          <ChoiceField
            id="sof-incomeBand"
            label={q('incomeBand')}
            value={form.incomeBand}
            options={optionsOf(INCOME_LABELS)}
            error={errors.incomeBand}
            onChange={(value) => set('incomeBand', value)}
          />
        </FormSection>

        <FormSection title="Your money">
          <ChoiceField
            id="sof-fundsOrigin"
            label={q('fundsOrigin')}
            value={form.fundsOrigin}
            options={optionsOf(ORIGIN_LABELS)}
            error={errors.fundsOrigin}
            onChange={(value) => set('fundsOrigin', value)}
          />
          <Textarea
            id="sof-fundsOriginDetails"
            label={q('fundsOriginDetails')}
            description={form.fundsOrigin === 'other' ? 'Required for “Something else”.' : 'Optional.'}
            withAsterisk={form.fundsOrigin === 'other'}
            autosize
            size="md"
            minRows={2}
            maxLength={500}
            value={form.fundsOriginDetails}
            onChange={(event) => set('fundsOriginDetails', event.currentTarget.value)}
            error={errors.fundsOriginDetails}
          />
          <ChoiceField
            id="sof-purpose"
            label={q('purpose')}
            value={form.purpose}
            options={optionsOf(PURPOSE_LABELS)}
            error={errors.purpose}
            onChange={(value) => set('purpose', value)}
          />
          <Textarea
            id="sof-purposeDetails"
            label={q('purposeDetails')}
            description={form.purpose === 'other' ? 'Required for “Something else”.' : 'Optional.'}
            withAsterisk={form.purpose === 'other'}
            autosize
            size="md"
            minRows={2}
            maxLength={500}
            value={form.purposeDetails}
            onChange={(event) => set('purposeDetails', event.currentTarget.value)}
            error={errors.purposeDetails}
          />
          <ChoiceField
            id="sof-expectedYearlyVolume"
            label={q('expectedYearlyVolume')}
            value={form.expectedYearlyVolume}
            options={optionsOf(VOLUME_LABELS)}
            error={errors.expectedYearlyVolume}
            onChange={(value) => set('expectedYearlyVolume', value)}
          />
        </FormSection>

        <FormSection title="About your situation">
          <YesNoField
            id="sof-politicallyExposed"
            label={q('politicallyExposed')}
            value={form.politicallyExposed}
            error={errors.politicallyExposed}
            onChange={(value) => set('politicallyExposed', value)}
          />
          <YesNoField
            id="sof-highRiskCountryTies"
            label={q('highRiskCountryTies')}
            value={form.highRiskCountryTies}
            error={errors.highRiskCountryTies}
            onChange={(value) => set('highRiskCountryTies', value)}
          />
          {form.politicallyExposed === 'yes' || form.highRiskCountryTies === 'yes' ? (
            <Text size="sm">We will ask you a few more questions about this next.</Text>
          ) : null}
        </FormSection>

        {askEvidence ? (
          <FormSection title="Evidence of your source of funds">
            <Text size="sm">
              From your answers, we ask for a document that shows where this money comes from: for example a sale
              contract, a bank statement, a payslip or a tax return. You can send it now, or later under Documents.
            </Text>
            {evidence}
          </FormSection>
        ) : null}

        <FormAlert message={alert} />
        {saved ? (
          <Alert role="status" color="teal" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Your answers are saved. Thank you.</Text>
              <Button component={Link} to="/dashboard" size="xs" variant="light" color="teal">
                Buy crypto
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save answers
        </Button>
      </Stack>
    </form>
  )
}

/**
 * /dashboard-sof: the beneficial-owner declaration and the source of funds (decision 037), prefilled with the latest
 * answers; a change is stored as a new answer. The questions are the api's, as asked now.
 */
export function SourceOfFundsScreen({ notice, ...props }: SourceOfFundsScreenProps) {
  const brand = useBrand()
  const current = useSourceOfFunds(brand.brandName)
  const answer = current.data
  const data = answer && answer.result ? answer.data : null

  let body: ReactNode
  if (current.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label="Loading your answers">
        <Skeleton height={18} />
        <Skeleton height={18} width="70%" />
      </Stack>
    )
  } else if (!data) {
    body = (
      <Alert role="alert" color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{ALERT_MESSAGES.somethingWentWrong}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  } else {
    body = (
      <SourceOfFundsForm
        {...props}
        initial={formOf(data.answers)}
        questions={data.questions}
        answeredAt={data.answeredAt}
      />
    )
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Source of funds
        </Title>
        <Text c="dimmed" size="sm">
          Swiss law asks us to know whose money it is, where it comes from and what you plan to do with us. We keep your
          answers confidential.
        </Text>
      </Stack>
      {notice}
      {body}
    </Stack>
  )
}
