import { Anchor, Button, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useState, type FormEvent } from 'react'
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router'
import { asProblem } from './api/client'
import { Problem } from './components/problem'
import { meQuery } from './api/queries'
import { holds, MeContext } from './me'

/** What shows while a screen's code or answer is on its way. */
export function Loading() {
  return (
    <Center p="md">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  )
}

function SearchBox() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [query, setQuery] = useState(params.get('q') ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate(`/search?q=${encodeURIComponent(query.trim())}`)
  }
  return (
    <Group component="form" role="search" onSubmit={submit} gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label="Search"
        placeholder="E-mail, name, order, IBAN or wallet"
        size="xs"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        w={260}
        maw="100%"
      />
      <Button type="submit" size="xs" variant="default">
        Find
      </Button>
    </Group>
  )
}

/**
 * The frame of every screen: who is signed in, the search, the links to the server pages that remain, and sign-out (a
 * form post, as the server pages sign out).
 */
export function BackOfficeLayout() {
  const me = useQuery(meQuery)
  if (me.isPending) return <Loading />
  if (me.isError)
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Back office
        </Title>
        <Problem problem={asProblem(me.error)} />
      </Stack>
    )
  const operator = me.data
  return (
    <MeContext.Provider value={operator}>
      <Stack gap="sm" p="sm" maw={1280} mx="auto">
        <Group component="header" justify="space-between" align="flex-end" gap="xs">
          <Stack gap={0}>
            <Title order={1} size="h3">
              <Anchor component={Link} to="/" inherit c="inherit" underline="never">
                Back office
              </Anchor>
            </Title>
            <Text size="sm">
              {operator.loginName} ({operator.roles.join(', ')})
            </Text>
          </Stack>
          <SearchBox />
          <Group component="nav" aria-label="Back office" gap="sm">
            <Anchor component={Link} to="/" size="sm">
              Queues
            </Anchor>
            {holds(operator, 'compliance', 'admin') ? (
              <Anchor component={Link} to="/audit" size="sm">
                Audit export
              </Anchor>
            ) : null}
            <Anchor href="/operator" size="sm">
              Classic page
            </Anchor>
            {holds(operator, 'admin') ? (
              <Anchor href="/operator/operators" size="sm">
                Operators
              </Anchor>
            ) : null}
            {holds(operator, 'support') ? (
              <Anchor href="/operator/tickets" size="sm">
                Tickets
              </Anchor>
            ) : null}
            <form method="post" action="/operator/logout">
              <Button type="submit" size="xs" variant="subtle">
                Sign out
              </Button>
            </form>
          </Group>
        </Group>
        <main>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </Stack>
    </MeContext.Provider>
  )
}
