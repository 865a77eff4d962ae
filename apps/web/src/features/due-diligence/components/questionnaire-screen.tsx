import {
  QUESTIONNAIRE_QUESTIONS,
  QuestionnaireAnswers,
  type EnhancedCheckStatus,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Anchor, Badge, Button, Group, MultiSelect, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { peekReturnTo, takeReturnTo } from '../../../lib/return-to'
import { worldCountryOptions } from '../../../lib/world-countries'
import { QUESTIONNAIRE_QUERY_KEY, useQuestionnaire, useSaveQuestionnaire } from '../api/questionnaire'
import { useSourceOfFunds } from '../api/source-of-funds'
import {
  REVIEW_DURATION,
  WEALTH_LABELS,
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

interface QuestForm {
  politicallyExposed: YesNo
  pepDetails: string
  highRiskCountryTies: YesNo
  highRiskCountries: string[]
  highRiskDetails: string
  sourceOfWealth: string
  sourceOfWealthDetails: string
}
type Field = keyof QuestForm

const FIELD_ORDER: readonly Field[] = [
  'politicallyExposed',
  'pepDetails',
  'highRiskCountryTies',
  'highRiskCountries',
  'highRiskDetails',
  'sourceOfWealth',
  'sourceOfWealthDetails',
]

/** The latest questionnaire answers; before the first, the yes/no answers already given on `sof`. */
function formOf(answers: QuestionnaireAnswers | null, sof: SourceOfFundsAnswers | null): QuestForm {
  return {
    politicallyExposed: yesNoOf(answers?.politicallyExposed ?? sof?.politicallyExposed),
    pepDetails: answers?.pepDetails ?? '',
    highRiskCountryTies: yesNoOf(answers?.highRiskCountryTies ?? sof?.highRiskCountryTies),
    highRiskCountries: answers?.highRiskCountries ?? [],
    highRiskDetails: answers?.highRiskDetails ?? '',
    sourceOfWealth: answers?.sourceOfWealth ?? '',
    sourceOfWealthDetails: answers?.sourceOfWealthDetails ?? '',
  }
}

function validate(form: QuestForm): { answers: QuestionnaireAnswers } | { errors: Partial<Record<Field, string>> } {
  const pep = booleanOf(form.politicallyExposed)
  const ties = booleanOf(form.highRiskCountryTies)
  // Details of a "no" are not sent: they would be stored as answers to a question that did not apply.
  const parsed = QuestionnaireAnswers.safeParse({
    politicallyExposed: pep,
    pepDetails: pep ? textOf(form.pepDetails) : undefined,
    highRiskCountryTies: ties,
    highRiskCountries: ties ? form.highRiskCountries : undefined,
    highRiskDetails: ties ? textOf(form.highRiskDetails) : undefined,
    sourceOfWealth: form.sourceOfWealth || undefined,
    sourceOfWealthDetails: form.sourceOfWealthDetails,
  })
  if (parsed.success) return { answers: parsed.data }
  const errors: Partial<Record<Field, string>> = fieldErrorsOf(parsed.error)
  // An empty field is missing, not too short.
  if (!form.sourceOfWealthDetails.trim()) errors.sourceOfWealthDetails = 'Please describe how you built your wealth'
  // The schema's "a yes needs its details" rules run only once the rest passes; say them at once.
  if (pep && !textOf(form.pepDetails))
    errors.pepDetails ??= 'Please say who holds the public function, which one and where'
  if (ties && form.highRiskCountries.length === 0) errors.highRiskCountries ??= 'Please name the countries'
  if (ties && !textOf(form.highRiskDetails)) errors.highRiskDetails ??= 'Please describe the ties'
  return { errors }
}

const STATUS_BADGES: Record<EnhancedCheckStatus, { label: string; color: string } | null> = {
  not_answered: null,
  in_review: { label: 'Being reviewed', color: 'blue' },
  approved: { label: 'Approved', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
}

/** Back to where the customer was before the journey sent them here, else the calculator. */
function BackButton() {
  const navigate = useNavigate()
  const back = peekReturnTo()
  return (
    <Button
      variant="light"
      onClick={() => void navigate(takeReturnTo() ?? '/dashboard')}
      style={{ alignSelf: 'flex-start' }}
    >
      {back && back !== '/dashboard' ? 'Back to where you were' : 'Back to the dashboard'}
    </Button>
  )
}

/** Where the review stands, what it means and what happens next. */
function ReviewStatus({ status, answeredAt }: { status: EnhancedCheckStatus; answeredAt: string | null }) {
  const brand = useBrand()
  const badge = STATUS_BADGES[status]
  if (!badge) return null
  let body: ReactNode
  if (status === 'in_review')
    body = (
      <>
        <Text fw={700}>Thank you. Your answers are being reviewed.</Text>
        <Text size="sm">
          {REVIEW_DURATION} Until then, new orders wait and we do not send coins for orders you have paid. You do not
          need to do anything: come back to the dashboard to see the result. If we need more, we contact you by e-mail.
        </Text>
      </>
    )
  else if (status === 'approved')
    body = <Text size="sm">Our team has approved your answers. You can buy as usual.</Text>
  else
    body = (
      <Text size="sm">
        Our team could not accept your answers, so we cannot take new orders from you. Please contact our support team
        at{' '}
        <Anchor href={`mailto:${brand.company.supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {brand.company.supportEmail}
        </Anchor>
        . They can tell you more and what you can do.
      </Text>
    )
  return (
    <Alert
      role="status"
      color={badge.color}
      variant="light"
      radius="md"
      title={
        <Group gap="xs">
          <Text fw={700} size="sm">
            Your questionnaire
          </Text>
          <Badge color={badge.color} variant="filled" size="sm" radius="sm" tt="none">
            {badge.label}
          </Badge>
        </Group>
      }
    >
      <Stack gap="xs">
        {body}
        {answeredAt ? (
          <Text size="xs" c="dimmed">
            Answered on {formatDateTime(answeredAt)}.
          </Text>
        ) : null}
      </Stack>
    </Alert>
  )
}

function QuestionnaireForm({
  initial,
  questions,
  onSaved,
}: {
  initial: QuestForm
  questions: Record<string, string> | undefined
  onSaved: () => void
}) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const save = useSaveQuestionnaire()
  const countries = worldCountryOptions()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [tried, setTried] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const q = (key: keyof typeof QUESTIONNAIRE_QUESTIONS & string) =>
    questionText(questions, QUESTIONNAIRE_QUESTIONS, key)

  function set<K extends Field>(key: K, value: QuestForm[K]) {
    const next = { ...form, [key]: value }
    setForm(next)
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
      focusFirstError(FIELD_ORDER, outcome.errors, 'quest')
      return
    }
    setErrors({})
    save.mutate(
      { brandName: brand.brandName, answers: outcome.answers },
      {
        onSuccess: async (answer) => {
          if (answer === false) return setAlert(dueDiligenceAlertCopy('unauthorized'))
          if (!answer.result) {
            setErrors(
              Object.fromEntries(
                Object.entries(answer.fields ?? {}).map(([path, message]) => [
                  path.replace(/^answers\./, '').replace(/\.\d+$/, ''),
                  message,
                ]),
              ),
            )
            return setAlert(dueDiligenceAlertCopy(answer.error))
          }
          await queryClient.invalidateQueries({ queryKey: [QUESTIONNAIRE_QUERY_KEY] })
          onSaved()
        },
        onError: () => setAlert(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Questionnaire">
      <Stack gap="lg">
        <FormSection title="Public functions">
          <YesNoField
            id="quest-politicallyExposed"
            label={q('politicallyExposed')}
            value={form.politicallyExposed}
            error={errors.politicallyExposed}
            onChange={(value) => set('politicallyExposed', value)}
          />
          {form.politicallyExposed === 'yes' ? (
            <Textarea
              id="quest-pepDetails"
              label={q('pepDetails')}
              description="For example: my father, member of the national parliament of Ruritania, since 2019."
              withAsterisk
              autosize
              size="md"
              minRows={2}
              maxLength={500}
              value={form.pepDetails}
              onChange={(event) => set('pepDetails', event.currentTarget.value)}
              error={errors.pepDetails}
            />
          ) : null}
        </FormSection>

        <FormSection title="Ties with high-risk countries">
          <YesNoField
            id="quest-highRiskCountryTies"
            label={q('highRiskCountryTies')}
            value={form.highRiskCountryTies}
            error={errors.highRiskCountryTies}
            onChange={(value) => set('highRiskCountryTies', value)}
          />
          {form.highRiskCountryTies === 'yes' ? (
            <>
              <MultiSelect
                id="quest-highRiskCountries"
                label={q('highRiskCountries')}
                description="Type to search; choose as many as apply."
                withAsterisk
                searchable
                data={countries}
                value={form.highRiskCountries}
                onChange={(value) => set('highRiskCountries', value)}
                maxValues={20}
                error={errors.highRiskCountries}
                size="md"
                comboboxProps={{ withinPortal: true }}
              />
              <Textarea
                id="quest-highRiskDetails"
                label={q('highRiskDetails')}
                description="For example: family lives there; I receive rent from a flat there."
                withAsterisk
                autosize
                size="md"
                minRows={2}
                maxLength={500}
                value={form.highRiskDetails}
                onChange={(event) => set('highRiskDetails', event.currentTarget.value)}
                error={errors.highRiskDetails}
              />
            </>
          ) : null}
        </FormSection>

        <FormSection title="Your wealth">
          <ChoiceField
            id="quest-sourceOfWealth"
            label={q('sourceOfWealth')}
            value={form.sourceOfWealth}
            options={optionsOf(WEALTH_LABELS)}
            error={errors.sourceOfWealth}
            onChange={(value) => set('sourceOfWealth', value)}
          />
          <Textarea
            id="quest-sourceOfWealthDetails"
            label={q('sourceOfWealthDetails')}
            description="At least 10 characters."
            withAsterisk
            autosize
            size="md"
            minRows={3}
            maxLength={1000}
            value={form.sourceOfWealthDetails}
            onChange={(event) => set('sourceOfWealthDetails', event.currentTarget.value)}
            error={errors.sourceOfWealthDetails}
          />
        </FormSection>

        <FormAlert message={alert} />
        <Text size="sm" c="dimmed">
          {REVIEW_DURATION} Until then, new orders wait.
        </Text>
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Send answers for review
        </Button>
      </Stack>
    </form>
  )
}

/**
 * /dashboard-quest: the enhanced-checks questionnaire (decision 037). Its answers wait for a person; the screen says
 * so, what it means (new orders and payouts wait) and what happens next. A new answer is a new record, reviewed again.
 */
export function QuestionnaireScreen({ notice, onSaved }: { notice?: ReactNode; onSaved: () => void }) {
  const brand = useBrand()
  const current = useQuestionnaire(brand.brandName)
  const sof = useSourceOfFunds(brand.brandName)
  const [editing, setEditing] = useState(false)
  const answer = current.data
  const data = answer && answer.result ? answer.data : null
  const sofAnswers = sof.data && sof.data.result ? sof.data.data.answers : null

  const showingForm = data !== null && (data.status === 'not_answered' || editing)
  let body: ReactNode
  if (current.isPending || sof.isPending) {
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
  } else if (data.status !== 'not_answered' && !editing) {
    body = (
      <Stack gap="md">
        <ReviewStatus status={data.status} answeredAt={data.answeredAt} />
        <Group gap="sm">
          {data.status === 'rejected' ? (
            <Button component={Link} to="/dashSupport">
              Contact support
            </Button>
          ) : (
            <BackButton />
          )}
          <Button variant="subtle" onClick={() => setEditing(true)}>
            Change my answers
          </Button>
        </Group>
      </Stack>
    )
  } else {
    body = (
      <Stack gap="md">
        {editing ? (
          <Alert color="yellow" variant="light">
            Changed answers are kept as a new answer and reviewed again; until then, new orders wait.
          </Alert>
        ) : null}
        <QuestionnaireForm
          initial={formOf(data.answers, sofAnswers)}
          questions={data.questions}
          onSaved={() => {
            setEditing(false)
            onSaved()
          }}
        />
      </Stack>
    )
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          A few more questions
        </Title>
        <Text c="dimmed" size="sm">
          Some answers, or the amounts you buy, ask for a closer look under Swiss law. A person at our team reads these
          answers; we keep them confidential.
        </Text>
      </Stack>
      {showingForm ? notice : null}
      {body}
    </Stack>
  )
}
