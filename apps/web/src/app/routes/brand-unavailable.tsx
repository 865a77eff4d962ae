import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core'

/** The brand could not be loaded, so the app has no theme yet: a neutral screen with a retry. */
export function BrandUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <MantineProvider forceColorScheme="light">
      <Center mih="100vh" p="md">
        <Stack align="center" gap="md" ta="center" maw={420} role="alert">
          <Title order={1} fz={24}>
            We could not reach the exchange
          </Title>
          <Text c="dimmed">Please check your connection and try again.</Text>
          <Button onClick={onRetry} loading={retrying} color="dark">
            Try again
          </Button>
        </Stack>
      </Center>
    </MantineProvider>
  )
}
