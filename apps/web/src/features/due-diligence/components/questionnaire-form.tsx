import {
  QUESTIONNAIRE_QUESTIONS,
  QuestionnaireAnswers,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { Button, MultiSelect, Stack, Text } from '@mantine/core'
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
import { useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { worldCountryOptions } from '../../../lib/world-countries'
import { questionnaireQueryOptions, useSaveQuestionnaire } from '../api/questionnaire'
import { fieldErrorsOf, optionsOf, questionText, ruleCopy } from '../due-diligence-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { dueDiligenceCatalog } from '../messages'
import { useSendAnswers } from './send-answers'

export interface QuestForm {
  politicallyExposed: YesNo
  pepDetails: string
  highRiskCountryTies: YesNo
  highRiskCountries: string[]
  highRiskDetails: string
  sourceOfWealth: string
  sourceOfWealthDetails: string
}

const FIELD_ORDER = [
  'politicallyExposed',
  'pepDetails',
  'highRiskCountryTies',
  'highRiskCountries',
  'highRiskDetails',
  'sourceOfWealth',
  'sourceOfWealthDetails',
] as const

/** The latest questionnaire answers; before the first, the yes/no answers already given on `sof`. */
export function formOf(answers: QuestionnaireAnswers | null, sof: SourceOfFundsAnswers | null): QuestForm {
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

function check(form: QuestForm): FormOutcome<QuestForm, QuestionnaireAnswers> {
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
  if (parsed.success) return { data: parsed.data }
  const errors: Partial<Record<keyof QuestForm, string>> = fieldErrorsOf(parsed.error)
  // An empty field is missing, not too short.
  if (!form.sourceOfWealthDetails.trim())
    errors.sourceOfWealthDetails = ruleCopy('Please describe how you built your wealth')
  // The schema's "a yes needs its details" rules run only once the rest passes; say them at once.
  if (pep && !textOf(form.pepDetails))
    errors.pepDetails ??= ruleCopy('Please say who holds the public function, which one and where')
  if (ties && form.highRiskCountries.length === 0) errors.highRiskCountries ??= ruleCopy('Please name the countries')
  if (ties && !textOf(form.highRiskDetails)) errors.highRiskDetails ??= ruleCopy('Please describe the ties')
  return { errors }
}

type Question = (key: keyof typeof QUESTIONNAIRE_QUESTIONS & string) => string
interface SectionProps {
  form: FormState<QuestForm, QuestionnaireAnswers>
  q: Question
}

function PublicFunctionsSection({ form: { values, errors, setField }, q }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.quest.public.title')}>
      <YesNoField
        id="quest-politicallyExposed"
        label={q('politicallyExposed')}
        value={values.politicallyExposed}
        error={errors.politicallyExposed}
        onChange={(value) => setField('politicallyExposed', value)}
      />
      {values.politicallyExposed === 'yes' ? (
        <AnswerText
          id="quest-pepDetails"
          label={q('pepDetails')}
          description={t('dueDiligence.quest.public.example')}
          value={values.pepDetails}
          onChange={(value) => setField('pepDetails', value)}
          error={errors.pepDetails}
        />
      ) : null}
    </FormSection>
  )
}

function HighRiskSection({ form: { values, errors, setField }, q }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  const countries = worldCountryOptions()
  return (
    <FormSection title={t('dueDiligence.quest.risk.title')}>
      <YesNoField
        id="quest-highRiskCountryTies"
        label={q('highRiskCountryTies')}
        value={values.highRiskCountryTies}
        error={errors.highRiskCountryTies}
        onChange={(value) => setField('highRiskCountryTies', value)}
      />
      {values.highRiskCountryTies === 'yes' ? (
        <>
          <MultiSelect
            id="quest-highRiskCountries"
            label={q('highRiskCountries')}
            description={t('dueDiligence.quest.risk.countriesHint')}
            withAsterisk
            searchable
            data={countries}
            value={values.highRiskCountries}
            onChange={(value) => setField('highRiskCountries', value)}
            maxValues={20}
            error={errors.highRiskCountries}
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <AnswerText
            id="quest-highRiskDetails"
            label={q('highRiskDetails')}
            description={t('dueDiligence.quest.risk.example')}
            value={values.highRiskDetails}
            onChange={(value) => setField('highRiskDetails', value)}
            error={errors.highRiskDetails}
          />
        </>
      ) : null}
    </FormSection>
  )
}

function WealthSection({ form: { values, errors, setField }, q }: SectionProps) {
  const t = useCatalog(dueDiligenceCatalog)
  return (
    <FormSection title={t('dueDiligence.quest.wealth.title')}>
      <ChoiceField
        id="quest-sourceOfWealth"
        label={q('sourceOfWealth')}
        value={values.sourceOfWealth}
        options={optionsOf('wealth')}
        error={errors.sourceOfWealth}
        onChange={(value) => setField('sourceOfWealth', value)}
      />
      <AnswerText
        id="quest-sourceOfWealthDetails"
        label={q('sourceOfWealthDetails')}
        description={t('dueDiligence.quest.wealth.hint')}
        minRows={3}
        maxLength={1000}
        value={values.sourceOfWealthDetails}
        onChange={(value) => setField('sourceOfWealthDetails', value)}
        error={errors.sourceOfWealthDetails}
      />
    </FormSection>
  )
}

export function QuestionnaireForm({
  initial,
  questions,
  onSaved,
}: {
  initial: QuestForm
  questions: Record<string, string> | undefined
  onSaved: () => void
}) {
  const t = useCatalog(dueDiligenceCatalog)
  const brand = useBrand()
  const save = useSaveQuestionnaire()
  const form = useForm(initial, check)
  const { alert, submit } = useSendAnswers(form, save, {
    fieldOrder: FIELD_ORDER,
    idPrefix: 'quest',
    queryKey: questionnaireQueryOptions(brand.brandName).queryKey,
    afterSave: onSaved,
  })
  const q: Question = (key) => questionText(questions, QUESTIONNAIRE_QUESTIONS, key)

  return (
    <form onSubmit={submit} noValidate aria-label={t('dueDiligence.quest.form')}>
      <Stack gap="lg">
        <PublicFunctionsSection form={form} q={q} />
        <HighRiskSection form={form} q={q} />
        <WealthSection form={form} q={q} />
        <FormAlert message={alert} />
        <Text size="sm" c="dimmed">
          {t('dueDiligence.quest.review')}
        </Text>
        <Button type="submit" size="md" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('dueDiligence.quest.submit')}
        </Button>
      </Stack>
    </form>
  )
}
