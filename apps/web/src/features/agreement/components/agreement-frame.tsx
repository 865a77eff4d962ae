import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { StepFrame } from '../../../components/ui/step-frame'
import { useCatalog } from '../../../lib/i18n/catalog'
import { agreementCatalog } from '../messages'

/** The card every agreement screen sits in: its heading, the version, and a test-environment mark for the sandbox. */
export function AgreementFrame({
  title,
  version,
  sandbox = false,
  children,
}: {
  title: string
  version?: string
  sandbox?: boolean
  children: ReactNode
}) {
  const t = useCatalog(agreementCatalog)
  return (
    <StepFrame title={title} titleId="agreement-title" sandbox={sandbox} maw={760}>
      {version ? (
        <Text size="sm" c="dimmed">
          {t('agreement.version', { version })}
        </Text>
      ) : null}
      {children}
    </StepFrame>
  )
}
