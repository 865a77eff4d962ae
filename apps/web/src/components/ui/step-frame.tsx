import { Badge, Group, Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'

interface StepFrameProps {
  title: string
  /** The heading's id, which names the section. */
  titleId: string
  /** Marks a sandbox partner: a test environment, nothing real happens. */
  sandbox?: boolean
  maw: number
  children: ReactNode
}

/** The card a step with an outside partner (identity check, e-signature) sits in: its heading and a sandbox mark. */
export function StepFrame({ title, titleId, sandbox = false, maw, children }: StepFrameProps) {
  const t = useCatalog(uiCatalog)
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={maw} component="section" aria-labelledby={titleId}>
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="wrap">
          <Title id={titleId} order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {sandbox ? (
            <Badge color="yellow" variant="light">
              {t('ui.testEnvironment')}
            </Badge>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
