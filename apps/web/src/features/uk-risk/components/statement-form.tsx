import {
  UK_CATEGORISATION_STATEMENTS,
  UK_INVESTOR_CATEGORIES,
  type UkInvestorCategory,
} from '@exchange/shared/uk-regulation'
import { UkCategoriseRequest } from '@exchange/shared/uk-steps.schemas'
import { Button, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { FormAlert } from '../../../components/ui/form-alert'
import {
  FormSection,
  YesNoField,
  booleanOf,
  focusFirstError,
  textOf,
  type YesNo,
} from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { formatDate, formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { EnglishRulesNote } from './english-note'
import { useForm, type FormOutcome, type FormState } from '../../../components/ui/form'
import { useUkCategorise } from '../api/uk-steps'
import { categoryRule, ukAlertCopy } from '../uk-steps-copy'
import { NotQualified } from './not-qualified'

const TEXTS = UK_CATEGORISATION_STATEMENTS

interface StatementForm {
  category: UkInvestorCategory | ''
  a: YesNo
  b: YesNo
  certified: YesNo
  firmName: string
  certificateDate: string
  signature: string
}
export type Field = 'category' | 'a' | 'b' | 'certified' | 'firmName' | 'certificateDate' | 'signature'
const FIELD_ORDER: readonly Field[] = ['category', 'a', 'b', 'certified', 'firmName', 'certificateDate', 'signature']

const EMPTY: StatementForm = {
  category: '',
  a: '',
  b: '',
  certified: '',
  firmName: '',
  certificateDate: '',
  signature: '',
}

/** The api's field paths (`statement.incomeOver100k` …) as this form's fields. */
const FIELD_OF_PATH: Record<string, Field> = {
  category: 'category',
  'statement.category': 'category',
  'statement.investedUnderTenPercent': 'a',
  'statement.willLimitToTenPercent': 'b',
  'statement.incomeOver100k': 'a',
  'statement.netAssetsOver250k': 'b',
  'statement.certified': 'certified',
  'statement.firmName': 'firmName',
  'statement.certificateDate': 'certificateDate',
  signature: 'signature',
}

function requestOf(form: StatementForm) {
  const a = booleanOf(form.a)
  const b = booleanOf(form.b)
  const certified = booleanOf(form.certified)
  const statement =
    form.category === 'restricted'
      ? { category: 'restricted', investedUnderTenPercent: a, willLimitToTenPercent: b }
      : form.category === 'high_net_worth'
        ? { category: 'high_net_worth', incomeOver100k: a, netAssetsOver250k: b }
        : form.category === 'certified_sophisticated'
          ? {
              category: 'certified_sophisticated',
              certified,
              firmName: certified ? textOf(form.firmName) : undefined,
              certificateDate: certified ? textOf(form.certificateDate) : undefined,
            }
          : undefined
  return { statement, signature: form.signature }
}

function check(
  form: StatementForm,
  textVersion: string,
  brandName: string,
): FormOutcome<StatementForm, UkCategoriseRequest> {
  const parsed = UkCategoriseRequest.safeParse({ brandName, textVersion, ...requestOf(form) })
  if (parsed.success) return { data: parsed.data }
  const errors: Partial<Record<Field, string>> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    const field = FIELD_OF_PATH[path] ?? (path === 'statement' ? 'category' : undefined)
    if (field) errors[field] ??= issue.message
  }
  if (!form.category) errors.category = ukRiskCatalog.t('uk-risk.statement.categoryRequired')
  if (!form.signature.trim()) errors.signature = ukRiskCatalog.t('uk-risk.statement.signatureRequired')
  return { errors }
}

/** How long no new statement is taken after one that does not qualify (decision 041). */
const NEW_STATEMENT_PAUSE_MS = 24 * 60 * 60 * 1000

/**
 * Whether the answers meet the chosen statement's rule, as the api decides it (decision 041): the customer is asked to
 * confirm before a statement that does not is signed, since it locks every statement for 24 hours.
 */
function qualifies(form: StatementForm, today: Date): boolean {
  if (form.category === 'restricted') return form.a === 'yes' && form.b === 'yes'
  if (form.category === 'high_net_worth') return form.a === 'yes' || form.b === 'yes'
  if (form.category !== 'certified_sophisticated' || form.certified !== 'yes') return false
  const threeYearsAgo = new Date(today)
  threeYearsAgo.setFullYear(today.getFullYear() - 3)
  return form.certificateDate >= threeYearsAgo.toISOString().slice(0, 10)
}

/** Before a statement that does not qualify is signed: what signing it means, and until when (decision 087). */
function ConfirmNotQualifying({
  category,
  until,
  onCheck,
  onSign,
}: {
  category: UkInvestorCategory
  /** When a new statement could be made, if this one is signed now; null while the question is closed. */
  until: string | null
  onCheck: () => void
  onSign: () => void
}) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <Modal opened={until !== null} onClose={onCheck} centered title={t('uk-risk.statement.confirmTitle')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('uk-risk.statement.confirmRule', {
            statement: TEXTS[category].title.toLowerCase(),
            rule: categoryRule(category),
          })}
        </Text>
        <Text size="sm">{t('uk-risk.statement.confirmMeaning', { until: until ? formatDateTime(until) : '' })}</Text>
        <Text size="sm">{t('uk-risk.statement.confirmCheck')}</Text>
        {/* Side by side where they fit, else one above the other: never cut short on a phone. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" onClick={onCheck}>
            {t('uk-risk.statement.checkAnswers')}
          </Button>
          <Button variant="default" onClick={onSign}>
            {t('uk-risk.statement.signAnyway')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Modal>
  )
}

/** The two questions of the restricted and high net worth statements, as the statement words them. */
function QuestionsAB({
  category,
  form: { values, errors, setField },
}: {
  category: 'restricted' | 'high_net_worth'
  form: StatementFormState
}) {
  const [first = '', second = ''] = Object.values(TEXTS[category].questions)
  return (
    <>
      <YesNoField id="prst-a" label={first} value={values.a} error={errors.a} onChange={(v) => setField('a', v)} />
      <YesNoField id="prst-b" label={second} value={values.b} error={errors.b} onChange={(v) => setField('b', v)} />
    </>
  )
}

type StatementFormState = FormState<StatementForm, UkCategoriseRequest>

/** The statement chosen, as one of the categories; none for anything else. */
const categoryOf = (value: string): UkInvestorCategory | '' => UK_INVESTOR_CATEGORIES.find((one) => one === value) ?? ''

function ChooseStatement({ form: { values, errors, change } }: { form: StatementFormState }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <FormSection title={t('uk-risk.statement.choose')}>
      <EnglishRulesNote />
      <Radio.Group
        label={t('uk-risk.statement.chooseLabel')}
        withAsterisk
        value={values.category}
        onChange={(value) =>
          // A new choice starts the answers afresh: nothing answered for one statement carries over to another.
          change({ ...EMPTY, signature: values.signature, category: categoryOf(value) })
        }
        error={errors.category}
      >
        <Stack gap="sm" mt="xs">
          {UK_INVESTOR_CATEGORIES.map((one) => (
            <Radio
              key={one}
              id={one === UK_INVESTOR_CATEGORIES[0] ? 'prst-category' : undefined}
              value={one}
              label={<span lang="en">{TEXTS[one].title}</span>}
              description={categoryRule(one)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </FormSection>
  )
}

/** The certified sophisticated statement's questions: the certificate, and who gave it when. */
function CertificateQuestions({ form: { values, errors, setField } }: { form: StatementFormState }) {
  return (
    <>
      <YesNoField
        id="prst-certified"
        label={TEXTS.certified_sophisticated.questions.certified}
        value={values.certified}
        error={errors.certified}
        onChange={(value) => setField('certified', value)}
      />
      {values.certified === 'yes' ? (
        <>
          <TextInput
            id="prst-firmName"
            label={TEXTS.certified_sophisticated.questions.firmName}
            withAsterisk
            size="md"
            maxLength={120}
            value={values.firmName}
            onChange={(event) => setField('firmName', event.currentTarget.value)}
            error={errors.firmName}
          />
          <TextInput
            id="prst-certificateDate"
            type="date"
            label={TEXTS.certified_sophisticated.questions.certificateDate}
            withAsterisk
            size="md"
            value={values.certificateDate}
            onChange={(event) => setField('certificateDate', event.currentTarget.value)}
            error={errors.certificateDate}
            maw={260}
          />
        </>
      ) : null}
    </>
  )
}

function ChosenStatement({ category, form }: { category: UkInvestorCategory; form: StatementFormState }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <FormSection title={t('uk-risk.statement.chosen', { statement: TEXTS[category].title })}>
      <EnglishRulesNote />
      <Text size="sm" lang="en">
        {TEXTS[category].statement}
      </Text>
      {category === 'certified_sophisticated' ? (
        <CertificateQuestions form={form} />
      ) : (
        <QuestionsAB category={category} form={form} />
      )}
      <Text size="sm" fw={600} lang="en">
        {TEXTS[category].acceptance}
      </Text>
    </FormSection>
  )
}

function Signature({ fullName, form: { values, errors, setField } }: { fullName: string; form: StatementFormState }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <FormSection title={t('uk-risk.statement.sign')}>
      <TextInput
        id="prst-signature"
        label={<span lang="en">{TEXTS.signature}</span>}
        description={t('uk-risk.statement.signatureHint', {
          name: fullName,
          date: formatDate(new Date().toISOString()),
        })}
        withAsterisk
        size="md"
        maxLength={130}
        autoComplete="off"
        value={values.signature}
        onChange={(event) => setField('signature', event.currentTarget.value)}
        error={errors.signature}
      />
    </FormSection>
  )
}

/** The api's field messages as this form's fields. */
function apiFieldErrors(fields: Record<string, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {}
  for (const [path, message] of Object.entries(fields)) {
    const field = FIELD_OF_PATH[path]
    if (field) errors[field] = message
  }
  return errors
}

export function StatementForm({
  fullName,
  onQualified,
}: {
  fullName: string
  onQualified: () => Promise<void> | void
}) {
  const t = useCatalog(ukRiskCatalog)
  const brand = useBrand()
  const categorise = useUkCategorise()
  const form = useForm(EMPTY, (values) => check(values, TEXTS.version, brand.brandName))
  const [alert, setAlert] = useState<string | null>(null)
  const [refused, setRefused] = useState<{ category: UkInvestorCategory; newStatementFrom: string | null } | null>(null)
  /** A valid statement that does not qualify, waiting for the customer to confirm it. */
  const [unconfirmed, setUnconfirmed] = useState<{ request: UkCategoriseRequest; until: string } | null>(null)

  if (refused) return <NotQualified category={refused.category} newStatementFrom={refused.newStatementFrom} />

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    const request = form.submit((errors) => focusFirstError(FIELD_ORDER, errors, 'prst'))
    if (!request) return
    const now = new Date()
    if (!qualifies(form.values, now)) {
      const until = new Date(now.getTime() + NEW_STATEMENT_PAUSE_MS).toISOString()
      return setUnconfirmed({ request, until })
    }
    send(request)
  }

  function send(request: UkCategoriseRequest) {
    setUnconfirmed(null)
    categorise.mutate(request, {
      onSuccess: async (answer) => {
        if (answer === false || !answer.result) {
          if (answer && !answer.result && answer.fields) form.setErrors(apiFieldErrors(answer.fields))
          return setAlert(ukAlertCopy(answer))
        }
        if (!answer.data.qualified)
          return setRefused({ category: answer.data.category, newStatementFrom: answer.data.newStatementFrom })
        await onQualified()
      },
      onError: () => setAlert(ukAlertCopy({ result: false, error: 'internal_error' })),
    })
  }

  const category = form.values.category
  return (
    <form onSubmit={submit} noValidate aria-label={t('uk-risk.statement.formLabel')}>
      {category ? (
        <ConfirmNotQualifying
          category={category}
          until={unconfirmed?.until ?? null}
          onCheck={() => setUnconfirmed(null)}
          onSign={() => unconfirmed && send(unconfirmed.request)}
        />
      ) : null}
      <Stack gap="lg">
        <ChooseStatement form={form} />
        {category ? <ChosenStatement category={category} form={form} /> : null}
        <Signature fullName={fullName} form={form} />
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={categorise.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('uk-risk.statement.sign')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('uk-risk.statement.kept')}
        </Text>
      </Stack>
    </form>
  )
}
