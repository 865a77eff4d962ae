import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Stack, Text, Title } from '@mantine/core'
import type { CSSProperties, ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { peekReturnTo, takeReturnTo } from '../../lib/return-to'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'

/**
 * The frame of a step's page in the signed-in area (the due-diligence and UK steps): its title, a line on why it is
 * asked, the journey's notice, then the body.
 */
export function PageFrame({
  title,
  intro,
  notice,
  children,
}: {
  title: string
  intro: string
  notice?: ReactNode
  children: ReactNode
}) {
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {notice}
      {children}
    </Stack>
  )
}

/** Back to where the customer was before the journey sent them to a step, else the calculator. */
export function BackButton({ variant = 'light', style }: { variant?: 'light' | 'default'; style?: CSSProperties }) {
  const t = useCatalog(uiCatalog)
  const navigate = useNavigate()
  const back = peekReturnTo()
  return (
    <Button variant={variant} onClick={() => void navigate(takeReturnTo() ?? WEB_PATHS.dashboard)} style={style}>
      {back && back !== WEB_PATHS.dashboard ? t('ui.back.whereYouWere') : t('ui.back.dashboard')}
    </Button>
  )
}
