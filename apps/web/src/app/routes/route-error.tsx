import { Button, Center, Stack, Text, Title } from '@mantine/core'

/** A screen failed to render or its module failed to load (often a new deployment): offer a reload. */
export function RouteError() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" ta="center" maw={420}>
        <Title order={1} fz={26}>
          Something went wrong
        </Title>
        <Text c="dimmed">Please reload the page. If it happens again, contact our support team.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  )
}
