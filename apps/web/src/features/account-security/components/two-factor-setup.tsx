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
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { accountSecurityCatalog } from '../messages'
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
  const t = useCatalog(accountSecurityCatalog)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} maw={640}>
      <Stack gap="md">
        {step !== undefined && (
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('account-security.setup.step', { step })}
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
  const t = useCatalog(accountSecurityCatalog)
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
      <SetupCard step={1} title={t('account-security.intro.title')}>
        <Text size="sm">{t('account-security.intro.body')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <RichText catalog={accountSecurityCatalog} id="account-security.intro.app" parts={[<strong />]} />
          </List.Item>
          <List.Item>
            <RichText catalog={accountSecurityCatalog} id="account-security.intro.passkey" parts={[<strong />]} />
          </List.Item>
        </List>
        {factors?.totp ? (
          <Alert color="green" title={t('account-security.intro.appOn')}>
            <Anchor component={Link} to={OTP_MANAGE}>
              {t('account-security.intro.manage')}
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
                {t('account-security.intro.prove')}
              </Text>
              {proof.fields}
              <FormAlert message={alert} />
              <Group gap="sm">
                <Button type="submit" loading={start.isPending}>
                  {t('account-security.intro.setUpApp')}
                </Button>
                <Button component={Link} to={OTP_PASSKEYS} variant="default">
                  {t('account-security.intro.addPasskey')}
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
  const t = useCatalog(accountSecurityCatalog)
  const setup = setupStore.setup()
  const [copied, setCopied] = useState(false)
  if (!setup) return <StartAgain />
  return (
    <SetupCard step={2} title={t('account-security.qr.title')}>
      <Text size="sm">{t('account-security.qr.lead')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Image src={setup.qrCode} alt={t('account-security.qr.alt')} w={200} h={200} fit="contain" />
        <Stack gap="xs">
          <Text size="sm">{t('account-security.qr.cannotScan')}</Text>
          <Code
            block
            fz="md"
            aria-label={t('account-security.qr.secret')}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
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
              {copied ? t('account-security.qr.copied') : t('account-security.qr.copy')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('account-security.qr.timing')}
          </Text>
        </Stack>
      </SimpleGrid>
      <Group>
        <Button component={Link} to={OTP_CONFIRM}>
          {t('account-security.qr.next')}
        </Button>
      </Group>
    </SetupCard>
  )
}

function StartAgain() {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <SetupCard title={t('account-security.again.title')}>
      <Text size="sm">{t('account-security.again.body')}</Text>
      <Group>
        <Button component={Link} to={OTP_INTRO}>
          {t('account-security.again.button')}
        </Button>
      </Group>
    </SetupCard>
  )
}

/** otp2: the app's first code turns it on; until then nothing changes at sign-in. */
export function TwoFactorConfirm() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = useMutation({ mutationFn: secondFactorCalls.confirmTotp })

  function send() {
    const typed = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(typed)) return setError(t('account-security.confirm.codeRequired'))
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
    <SetupCard step={3} title={t('account-security.confirm.title')}>
      <Text size="sm">{t('account-security.confirm.body')}</Text>
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
            label={t('account-security.confirm.label')}
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
              {t('account-security.confirm.submit')}
            </Button>
            <Button component={Link} to={OTP_QR} variant="subtle">
              {t('account-security.confirm.back')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SetupCard>
  )
}

/** otp3: the ten recovery codes, shown this once, to keep where the phone is not. */
export function RecoveryCodesScreen() {
  const t = useCatalog(accountSecurityCatalog)
  const navigate = useNavigate()
  const [codes] = useState(() => setupStore.recoveryCodes())
  const [kept, setKept] = useState(false)
  const [error, setError] = useState<string | undefined>()
  if (!codes)
    return (
      <SetupCard title={t('account-security.codes.title')}>
        <Text size="sm">{t('account-security.codes.gone')}</Text>
        <Group>
          <Button component={Link} to={OTP_MANAGE}>
            {t('account-security.codes.makeNew')}
          </Button>
        </Group>
      </SetupCard>
    )
  const text = codes.join('\n')
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('account-security.codes.list')}\n\n${text}\n`)}`
  return (
    <SetupCard step={4} title={t('account-security.codes.keepTitle')}>
      <Text size="sm">{t('account-security.codes.body')}</Text>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ol"
        aria-label={t('account-security.codes.list')}
        style={{ paddingLeft: 0 }}
      >
        {codes.map((code) => (
          <Code key={code} component="li" fz="md" style={{ listStyle: 'none', textAlign: 'center' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => void navigator.clipboard?.writeText(text).catch(() => {})}>
          {t('account-security.codes.copy')}
        </Button>
        <Button variant="default" size="xs" component="a" href={download} download="recovery-codes.txt">
          {t('account-security.codes.download')}
        </Button>
      </Group>
      <Checkbox
        id="otp-codes-kept"
        label={t('account-security.codes.kept')}
        checked={kept}
        error={error}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Group>
        <Button
          onClick={() => {
            if (!kept) return setError(t('account-security.codes.keptRequired'))
            setupStore.keepRecoveryCodes(null)
            void navigate(OTP_MANAGE)
          }}
        >
          {t('account-security.codes.done')}
        </Button>
      </Group>
    </SetupCard>
  )
}
