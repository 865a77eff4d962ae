import { Button, Group, Text } from '@mantine/core'
import { Link } from 'react-router'
import { AuthCard } from '../../components/ui/auth-card'
import { useBrand } from '../../lib/brand-context'

/** /logjust: a plain screen in the public layout (the spec gives it no behaviour). */
export function LogjustRoute() {
  const brand = useBrand()
  return (
    <AuthCard title={`Welcome to ${brand.brandName}`}>
      <Text>{brand.tagline}. Log in to continue, or create an account in a minute.</Text>
      <Group grow>
        <Button component={Link} to="/login" size="md">
          Login
        </Button>
        <Button component={Link} to="/signup" size="md" variant="default">
          Sign Up
        </Button>
      </Group>
    </AuthCard>
  )
}
