import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button } from '@mantine/core'
import type { CSSProperties } from 'react'
import { useNavigate } from 'react-router'
import { peekReturnTo, takeReturnTo } from '../../lib/return-to'

/** Back to where the customer was before the journey sent them to a step, else the calculator. */
export function BackButton({ variant = 'light', style }: { variant?: 'light' | 'default'; style?: CSSProperties }) {
  const navigate = useNavigate()
  const back = peekReturnTo()
  return (
    <Button variant={variant} onClick={() => void navigate(takeReturnTo() ?? WEB_PATHS.dashboard)} style={style}>
      {back && back !== WEB_PATHS.dashboard ? 'Back to where you were' : 'Back to the dashboard'}
    </Button>
  )
}
