import { Button, Text } from '@mantine/core'
import { Link } from 'react-router'
import { AuthCard } from '../../components/ui/auth-card'

export function NotFoundRoute() {
  return (
    <AuthCard title="Page not found">
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/" size="md">
        Go to the home page
      </Button>
    </AuthCard>
  )
}
