import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { StepFrame } from '../../../components/ui/step-frame'

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
  return (
    <StepFrame title={title} titleId="agreement-title" sandbox={sandbox} maw={760}>
      {version ? (
        <Text size="sm" c="dimmed">
          Version {version}
        </Text>
      ) : null}
      {children}
    </StepFrame>
  )
}
