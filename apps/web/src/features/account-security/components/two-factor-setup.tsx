import * as WEB_PATHS from '@exchange/shared/web-paths'
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { secondFactorCopy } from '../../../lib/passkey-browser'
import { refusalMessage } from '../api/account-security-calls'
import { secondFactorCalls, secondFactorStatusKey, secondFactorStatusQuery } from '../api/second-factor-calls'
import { setupStore } from '../second-factor-store'
import { useProveItsYou } from './prove-its-you'

const [OTP_INTRO, OTP_QR, OTP_CONFIRM, OTP_CODES, OTP_MANAGE, OTP_PASSKEYS] = WEB_PATHS.securityCode
export { OTP_PASSKEYS, OTP_CODES }

/** A refusal of these calls, in words. */
export function secondFactorRefusal(answer: false | { result: false; error: string }): string {
  if (answer === false) return refusalMessage(false)
  return secondFactorCopy(answer.error) ?? refusalMessage({ result: false, error: 'internal_error' })
}

/** A step of the set-up: which of four it is, its heading and its content. */
export function SetupCard({ step, title, children }: { step?: number; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} maw={640}>
      <Stack gap="md">
        {step !== undefined && (
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Step {step} of 4
          </Text>
        )}
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}

/**
 * otp0: what two-factor sign-in is and the two ways to have it; the authenticator app starts here, after the customer
 * proves it is them (the password, and the second factor they already have).
 */
export function TwoFactorIntro() {
  const brand = useBrand()
  const navigate = useNavigate()
  const status = useQuery(secondFactorStatusQuery(brand.brandName))
  const factors = status.data && status.data.result ? status.data.data : undefined
  const proof = useProveItsYou('otp0')
  const [alert, setAlert] = useState<string | null>(null)
  const start = useMutation({ mutationFn: secondFactorCalls.startTotp })

  function send() {
    setAlert(null)
    const proved = proof.collect()
    if (!proved) return
    start.mutate(
      { brandName: brand.brandName, ...proved },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            setupStore.keepSetup(answer.data)
            void navigate(OTP_QR)
          } else if (!answer || !proof.refused(answer)) setAlert(secondFactorRefusal(answer))
        },
        onError: () => setAlert(secondFactorRefusal({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <Stack gap="lg" maw={640}>
      <SetupCard step={1} title="Protect your account with a second step">
        <Text size="sm">
          With two-factor sign-in, your password alone no longer opens your account: we also ask for a code from an app
          on your phone, or for a passkey. We ask for it again before every change to your security settings.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <strong>Authenticator app</strong>: any app that makes 6-digit codes, such as Google Authenticator,
            Microsoft Authenticator or 1Password.
          </List.Item>
          <List.Item>
            <strong>Passkey</strong>: your phone&apos;s or computer&apos;s screen lock, or a security key. It cannot be
            used on a fake site.
          </List.Item>
        </List>
        {factors?.totp ? (
          <Alert color="green" title="Your authenticator app is on">
            <Anchor component={Link} to={OTP_MANAGE}>
              Manage your second factors
            </Anchor>
          </Alert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              send()
            }}
          >
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                Prove it&apos;s you to start
              </Text>
              {proof.fields}
              <FormAlert message={alert} />
              <Group gap="sm">
                <Button type="submit" loading={start.isPending}>
                  Set up an authenticator app
                </Button>
                <Button component={Link} to={OTP_PASSKEYS} variant="default">
                  Add a passkey instead
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </SetupCard>
    </Stack>
  )
}

/** The secret in groups of four, as it is easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/** otp1: the QR code to scan, and the same secret in text for an app that cannot scan. */
export function TwoFactorQr() {
  const setup = setupStore.setup()
  const [copied, setCopied] = useState(false)
  if (!setup) return <StartAgain />
  return (
    <SetupCard step={2} title="Scan the QR code with your app">
      <Text size="sm">In your authenticator app, add an account and scan this code.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
        <Stack gap="xs">
          <Text size="sm">Cannot scan it? Type this key into the app instead:</Text>
          <Code block fz="md" aria-label="Your secret key" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {grouped(setup.secret)}
          </Code>
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(setup.secret)
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
            >
              {copied ? 'Copied' : 'Copy the key'}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Time-based, 6 digits, every 30 seconds.
          </Text>
        </Stack>
      </SimpleGrid>
      <Group>
        <Button component={Link} to={OTP_CONFIRM}>
          Next: type a code
        </Button>
      </Group>
    </SetupCard>
  )
}

function StartAgain() {
  return (
    <SetupCard title="Start the set-up again">
      <Text size="sm">
        For your safety the secret key is shown only once, and this page no longer has it. Start again: the old key will
        not work.
      </Text>
      <Group>
        <Button component={Link} to={OTP_INTRO}>
          Start again
        </Button>
      </Group>
    </SetupCard>
  )
}

/** otp2: the app's first code turns it on; until then nothing changes at sign-in. */
export function TwoFactorConfirm() {
  const brand = useBrand()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = useMutation({ mutationFn: secondFactorCalls.confirmTotp })

  function send() {
    const typed = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(typed)) return setError('Type the 6-digit code your app shows now')
    setError(undefined)
    confirm.mutate(
      { brandName: brand.brandName, code: typed },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            setupStore.keepSetup(null)
            void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey() })
            const codes = answer.data.recoveryCodes
            setupStore.keepRecoveryCodes(codes.length > 0 ? codes : null)
            void navigate(codes.length > 0 ? OTP_CODES : OTP_MANAGE)
          } else setError(secondFactorRefusal(answer))
        },
        onError: () => setError(secondFactorRefusal({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <SetupCard step={3} title="Type the code from your app">
      <Text size="sm">
        Your app now shows a 6-digit code that changes every 30 seconds. Type the one you see to turn two-factor sign-in
        on.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <Stack gap="sm">
          <TextInput
            id="otp-confirm-code"
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            error={error}
            onChange={(event) => setCode(event.currentTarget.value)}
            w={220}
          />
          <Group gap="sm">
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
            <Button component={Link} to={OTP_QR} variant="subtle">
              Back to the QR code
            </Button>
          </Group>
        </Stack>
      </form>
    </SetupCard>
  )
}

/** otp3: the ten recovery codes, shown this once, to keep where the phone is not. */
export function RecoveryCodesScreen() {
  const navigate = useNavigate()
  const [codes] = useState(() => setupStore.recoveryCodes())
  const [kept, setKept] = useState(false)
  const [error, setError] = useState<string | undefined>()
  if (!codes)
    return (
      <SetupCard title="Your recovery codes">
        <Text size="sm">
          Recovery codes are shown only once, when they are made. If you did not keep them, make new ones: the old ones
          then stop working.
        </Text>
        <Group>
          <Button component={Link} to={OTP_MANAGE}>
            Make new recovery codes
          </Button>
        </Group>
      </SetupCard>
    )
  const text = codes.join('\n')
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`Recovery codes\n\n${text}\n`)}`
  return (
    <SetupCard step={4} title="Keep your recovery codes">
      <Text size="sm">
        If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe, away
        from your phone: this is the only time we show them.
      </Text>
      <SimpleGrid cols={2} spacing="xs" component="ol" aria-label="Recovery codes" style={{ paddingLeft: 0 }}>
        {codes.map((code) => (
          <Code key={code} component="li" fz="md" style={{ listStyle: 'none', textAlign: 'center' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => void navigator.clipboard?.writeText(text).catch(() => {})}>
          Copy the codes
        </Button>
        <Button variant="default" size="xs" component="a" href={download} download="recovery-codes.txt">
          Download as a file
        </Button>
      </Group>
      <Checkbox
        id="otp-codes-kept"
        label="I have kept these codes somewhere safe"
        checked={kept}
        error={error}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Group>
        <Button
          onClick={() => {
            if (!kept) return setError('Tick this box once the codes are kept')
            setupStore.keepRecoveryCodes(null)
            void navigate(OTP_MANAGE)
          }}
        >
          Done
        </Button>
      </Group>
    </SetupCard>
  )
}
