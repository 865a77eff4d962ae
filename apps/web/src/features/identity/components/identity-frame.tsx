import type { ReactNode } from 'react'
import { StepFrame } from '../../../components/ui/step-frame'

interface IdentityFrameProps {
  title: string
  children: ReactNode
  /** Marks the sandbox provider: nothing is read and the tester picks the result. */
  sandbox?: boolean
}

/** The card every identity screen sits in, titled by its heading. */
export function IdentityFrame({ title, children, sandbox = false }: IdentityFrameProps) {
  return (
    <StepFrame title={title} titleId="identity-title" sandbox={sandbox} maw={640}>
      {children}
    </StepFrame>
  )
}
