import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface AuthCardProps {
  title: string
  description?: ReactNode
  children: ReactNode
}

/** The card that holds every account form: one heading, an optional line under it, the form. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Paper
      component="section"
      aria-label={title}
      withBorder
      shadow="md"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      w="100%"
      maw={440}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  )
}
