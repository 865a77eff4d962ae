import { Stack, Text, Title } from '@mantine/core'
import { BrandLogo } from '../../../components/ui/brand-logo'
import { useBrand } from '../../../lib/brand-context'

/** "Welcome to" the brand, its logo (or name) and tagline: the left column of the home views. */
export function WelcomeBlock({ compact = false }: { compact?: boolean }) {
  const brand = useBrand()
  return (
    <Stack gap={compact ? 6 : 'md'} align={compact ? 'center' : 'flex-start'} ta={compact ? 'center' : 'left'}>
      <Title order={1} fz={compact ? 24 : 44} fw={800} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
        <Text
          component="span"
          inherit
          display="block"
          c="gray.7"
          fz={compact ? 'md' : 'xl'}
          fw={600}
          mb={compact ? 4 : 10}
        >
          Welcome to
        </Text>
        <BrandLogo brand={brand} height={compact ? 36 : 64} />
      </Title>
      <Text fz={compact ? 'md' : 22} fw={500} c="gray.8">
        {brand.tagline}
      </Text>
    </Stack>
  )
}
