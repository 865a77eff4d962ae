import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'

/** An address of the back office that names no screen. */
export default function NotFoundScreen() {
  return (
    <Text>
      No such page.{' '}
      <Anchor component={Link} to="/">
        Back to the queues
      </Anchor>
    </Text>
  )
}
