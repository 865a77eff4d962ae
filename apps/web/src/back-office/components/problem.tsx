import { Alert, Anchor, Text } from '@mantine/core'
import type { ApiProblem } from '../api/client'

/** A call that failed: the sentence, and the way to the sign-in page when the session or the role is the cause. */
export function Problem({ problem }: { problem: ApiProblem }) {
  return (
    <Alert color="red" role="alert" title={problem.sentence}>
      {problem.needsSignIn ? (
        <Text size="sm">
          <Anchor href="/operator/login">Sign in at /operator/login</Anchor>
        </Text>
      ) : null}
    </Alert>
  )
}
