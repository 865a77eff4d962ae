import type { ReactNode } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { useSourceOfFunds } from '../api/source-of-funds'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { PageFrame } from '../../../components/ui/step-page'
import { useCatalog } from '../../../lib/i18n/catalog'
import { dueDiligenceCatalog } from '../messages'
import { SourceOfFundsForm, formOf, type SourceOfFundsFormProps } from './source-of-funds-form'

export interface SourceOfFundsScreenProps extends SourceOfFundsFormProps {
  /** The line saying why a refused order sent the customer here, if it did. */
  notice?: ReactNode
}

/**
 * /dashboard-sof: the beneficial-owner declaration and the source of funds (decision 037), prefilled with the latest
 * answers; a change is stored as a new answer. The questions are the api's, as asked now.
 */
export function SourceOfFundsScreen({ notice, ...props }: SourceOfFundsScreenProps) {
  const t = useCatalog(dueDiligenceCatalog)
  const brand = useBrand()
  const current = useSourceOfFunds(brand.brandName)
  const answer = current.data
  const data = answer && answer.result ? answer.data : null

  let body: ReactNode
  if (current.isPending) body = <LoadingLines label={t('dueDiligence.sof.loading')} />
  else if (!data) body = <LoadFailed onRetry={() => void current.refetch()} />
  else
    body = (
      <SourceOfFundsForm
        {...props}
        initial={formOf(data.answers)}
        questions={data.questions}
        answeredAt={data.answeredAt}
      />
    )

  return (
    <PageFrame title={t('dueDiligence.sof.title')} intro={t('dueDiligence.sof.intro')} notice={notice}>
      {body}
    </PageFrame>
  )
}
