import * as WEB_PATHS from '@exchange/shared/web-paths'
import { SOURCE_OF_FUNDS_QUESTIONS, SourceOfFundsAnswers } from '@exchange/shared/due-diligence.schemas'
import { Alert, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import {
  AnswerText,
  ChoiceField,
  FormSection,
  YesNoField,
  booleanOf,
  textOf,
  yesNoOf,
  type YesNo,
} from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { sourceOfFundsQueryOptions, useSaveSourceOfFunds } from '../api/source-of-funds'
import { type ChoiceGroup, fieldErrorsOf, optionsOf, questionText, ruleCopy } from '../due-diligence-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { dueDiligenceCatalog } from '../messages'
import { useSendAnswers } from './send-answers'

export interface SofForm {
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

/** The fields in the order the form shows them, for the focus after a refused submit. */
const FIELD_ORDER = [
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
] as const

export function formOf(answers: SourceOfFundsAnswers | null): SofForm {
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
function check(form: SofForm): FormOutcome<SofForm, SourceOfFundsAnswers> {
  const parsed = SourceOfFundsAnswers.safeParse(candidateOf(form))
  if (parsed.success) return { data: parsed.data }
  const errors: Partial<Record<keyof SofForm, string>> = fieldErrorsOf(parsed.error)
  // An empty field is missing, not too short.
  if (!form.occupation.trim()) errors.occupation = ruleCopy('Please enter your occupation')
  if (form.fundsOrigin === 'other' && !textOf(form.fundsOriginDetails))
    errors.fundsOriginDetails ??= ruleCopy('Please describe where the money comes from')
  if (form.purpose === 'other' && !textOf(form.purposeDetails))
    errors.purposeDetails ??= ruleCopy('Please describe the purpose')
  return { errors }
}

/**
 * Whether to ask for evidence of the source of funds (decision 038): money from a one-off event (a sale, an
 * inheritance or gift, crypto gains, something else), a large expected yearly volume, a declared PEP or high-risk tie,
 * or enhanced checks owed because of the customer's paid volume.
 */
function evidenceAsked(form: SofForm, byThreshold: boolean): boolean {
  return (
    byThreshold ||
    ['sale_of_property', 'inheritance_or_gift', 'crypto_gains', 'other'].includes(form.fundsOrigin) ||
    ['50k_100k', 'over_100k'].includes(form.expectedYearlyVolume) ||
    form.politicallyExposed === 'yes' ||
    form.highRiskCountryTies === 'yes'
  )
}

type Question = (key: keyof typeof SOURCE_OF_FUNDS_QUESTIONS & string) => string
interface SectionProps {
  form: Pick<FormState<SofForm, SourceOfFundsAnswers>, 'values' | 'errors'>
  set: <K extends keyof SofForm>(key: K, value: SofForm[K]) => void
  q: Question
}

function BeneficialOwnerSection({ form: { values, errors }, set }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.sof.owner.title')}>
      <Checkbox
        id="sof-beneficialOwner"
        label={t('dueDiligence.declaration.beneficialOwner')}
        description={t('dueDiligence.declaration.falseWarning')}
        checked={values.beneficialOwner}
        onChange={(event) => set('beneficialOwner', event.currentTarget.checked)}
        error={errors.beneficialOwner}
        size="md"
        styles={{ description: { color: 'var(--mantine-color-orange-4)', fontWeight: 600 } }}
      />
      <Text size="xs" c="dimmed">
        {t('dueDiligence.sof.owner.note')}
      </Text>
    </FormSection>
  )
}

function AboutYouSection({ form: { values, errors }, set, q }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.sof.about.title')}>
      <ChoiceField
        id="sof-employmentStatus"
        label={q('employmentStatus')}
        value={values.employmentStatus}
        options={optionsOf('employment')}
        error={errors.employmentStatus}
        onChange={(value) => set('employmentStatus', value)}
      />
      <TextInput
        id="sof-occupation"
        label={q('occupation')}
        withAsterisk
        placeholder={t('dueDiligence.sof.about.occupationPlaceholder')}
        autoComplete="organization-title"
        value={values.occupation}
        onChange={(event) => set('occupation', event.currentTarget.value)}
        error={errors.occupation}
        size="md"
      />
      <ChoiceField
        id="sof-incomeBand"
        label={q('incomeBand')}
        value={values.incomeBand}
        options={optionsOf('income')}
        error={errors.incomeBand}
        onChange={(value) => set('incomeBand', value)}
      />
    </FormSection>
  )
}

/** A closed question with its free-text details, required when the answer is "Something else". */
function ChoiceWithDetails({
  field,
  details,
  labels,
  form: { values, errors },
  set,
  q,
}: SectionProps & { field: 'fundsOrigin' | 'purpose'; details: 'fundsOriginDetails' | 'purposeDetails' } & {
  labels: ChoiceGroup
}) {
  const t = useCatalog(dueDiligenceCatalog)
  const other = values[field] === 'other'
  return (
    <>
      <ChoiceField
        id={`sof-${field}`}
        label={q(field)}
        value={values[field]}
        options={optionsOf(labels)}
        error={errors[field]}
        onChange={(value) => set(field, value)}
      />
      <AnswerText
        id={`sof-${details}`}
        label={q(details)}
        description={other ? t('dueDiligence.sof.details.required') : t('dueDiligence.sof.details.optional')}
        required={other}
        value={values[details]}
        onChange={(value) => set(details, value)}
        error={errors[details]}
      />
    </>
  )
}

function YourMoneySection(props: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  const { values, errors } = props.form
  return (
    <FormSection title={t('dueDiligence.sof.money.title')}>
      <ChoiceWithDetails {...props} field="fundsOrigin" details="fundsOriginDetails" labels="origin" />
      <ChoiceWithDetails {...props} field="purpose" details="purposeDetails" labels="purpose" />
      <ChoiceField
        id="sof-expectedYearlyVolume"
        label={props.q('expectedYearlyVolume')}
        value={values.expectedYearlyVolume}
        options={optionsOf('volume')}
        error={errors.expectedYearlyVolume}
        onChange={(value) => props.set('expectedYearlyVolume', value)}
      />
    </FormSection>
  )
}

function SituationSection({ form: { values, errors }, set, q }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.sof.situation.title')}>
      <YesNoField
        id="sof-politicallyExposed"
        label={q('politicallyExposed')}
        value={values.politicallyExposed}
        error={errors.politicallyExposed}
        onChange={(value) => set('politicallyExposed', value)}
      />
      <YesNoField
        id="sof-highRiskCountryTies"
        label={q('highRiskCountryTies')}
        value={values.highRiskCountryTies}
        error={errors.highRiskCountryTies}
        onChange={(value) => set('highRiskCountryTies', value)}
      />
      {values.politicallyExposed === 'yes' || values.highRiskCountryTies === 'yes' ? (
        <Text size="sm">{t('dueDiligence.sof.situation.more')}</Text>
      ) : null}
    </FormSection>
  )
}

function EvidenceSection({ evidence }: { evidence: ReactNode }) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.sof.evidence.title')}>
      <Text size="sm">{t('dueDiligence.sof.evidence.body')}</Text>
      {evidence}
    </FormSection>
  )
}

function SavedNote() {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <Alert role="status" color="teal" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('dueDiligence.sof.saved')}</Text>
        <Button component={Link} to={WEB_PATHS.dashboard} size="xs" variant="light" color="teal">
          {t('dueDiligence.sof.buy')}
        </Button>
      </Stack>
    </Alert>
  )
}

export interface SourceOfFundsFormProps {
  /** The upload of evidence, composed by the route (the documents feature's picker). */
  evidence: ReactNode
  /** The customer's paid volume has reached the enhanced-checks threshold. */
  evidenceByThreshold: boolean
  /** After a save: goes on in the journey and answers true, or answers false when the customer stays here. */
  onSaved: () => Promise<boolean>
}

export function SourceOfFundsForm({
  initial,
  questions,
  answeredAt,
  evidence,
  evidenceByThreshold,
  onSaved,
}: SourceOfFundsFormProps & {
  initial: SofForm
  questions: Record<string, string> | undefined
  answeredAt: string | null
}) {
  const t = useCatalog(dueDiligenceCatalog)
  const brand = useBrand()
  const save = useSaveSourceOfFunds()
  const form = useForm(initial, check)
  const [saved, setSaved] = useState(false)
  const { alert, submit } = useSendAnswers(form, save, {
    fieldOrder: FIELD_ORDER,
    idPrefix: 'sof',
    queryKey: sourceOfFundsQueryOptions(brand.brandName).queryKey,
    afterSave: async () => {
      form.reset({ beneficialOwner: false })
      if (!(await onSaved())) setSaved(true)
    },
  })
  const q: Question = (key) => questionText(questions, SOURCE_OF_FUNDS_QUESTIONS, key)
  const set: SectionProps['set'] = (key, value) => {
    form.setField(key, value)
    setSaved(false)
  }

  const sections = { form, set, q }
  return (
    <form onSubmit={submit} noValidate aria-label={t('dueDiligence.sof.form')}>
      <Stack gap="lg">
        {answeredAt ? (
          <Text size="sm" c="dimmed">
            {t('dueDiligence.sof.lastAnswered', { date: formatDateTime(answeredAt) })}
          </Text>
        ) : null}
        <BeneficialOwnerSection {...sections} />
        <AboutYouSection {...sections} />
        <YourMoneySection {...sections} />
        <SituationSection {...sections} />
        {evidenceAsked(form.values, evidenceByThreshold) ? <EvidenceSection evidence={evidence} /> : null}
        <FormAlert message={alert} />
        {saved ? <SavedNote /> : null}
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('dueDiligence.sof.submit')}
        </Button>
      </Stack>
    </form>
  )
}
