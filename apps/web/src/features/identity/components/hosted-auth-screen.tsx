import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { goToHostedPage } from '../../../lib/hosted-page'
import { useStartIdentityCheck } from '../api/start-identity-check'
import { identityAlertCopy } from '../identity-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { identityCatalog } from '../messages'
import { IdentityFrame } from './identity-frame'

/**
 * Asks the api for the link to the partner's hosted page once on arrival (and again with `ask`), then sends the
 * browser there; a check that needs no link goes on to the screen that shows it.
 */
function useIdentityLink() {
  const brand = useBrand()
  const navigate = useNavigate()
  const start = useStartIdentityCheck()
  const [link, setLink] = useState<{ url: string; sandbox: boolean } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const asked = useRef(false)

  function ask() {
    setError(null)
    start.mutate(
      { brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer) {
            setError(identityAlertCopy('unauthorized'))
            return
          }
          if (!answer.result) {
            if (answer.error === 'identity_verified' || answer.error === 'identity_rejected')
              void navigate(WEB_PATHS.authEnd, { replace: true })
            else if (answer.error === 'identity_in_review') void navigate(WEB_PATHS.returnAuth, { replace: true })
            else setError(identityAlertCopy(answer.error))
            return
          }
          setLink({ url: answer.data.verificationUrl, sandbox: answer.data.sandbox })
          goToHostedPage(answer.data.verificationUrl)
        },
        onError: () => setError(identityAlertCopy('internal_error')),
      },
    )
  }

  const askOnArrival = useEffectEvent(ask)
  useEffect(() => {
    // Once per visit: React's development double effects must not ask for two links.
    if (asked.current) return
    asked.current = true
    askOnArrival()
  }, [])

  return { link, error, ask, asking: start.isPending }
}

/**
 * /dashboard-hostedauth: asks the api for a link to the identity partner's hosted page (`identityStart`) and sends the
 * browser there; the partner sends it back to /dashboard-returnauth. A check that needs no link (verified, in review,
 * rejected) goes on to the screen that shows it.
 */
export function HostedAuthScreen() {
  const t = useCatalog(identityCatalog)
  const { link, error, ask, asking } = useIdentityLink()

  if (error) {
    return (
      <IdentityFrame title={t('identity.hosted.title')}>
        <FormAlert message={error} />
        <Group gap="md">
          <Button onClick={ask} loading={asking}>
            {t('identity.action.tryAgain')}
          </Button>
          <Anchor component={Link} to={WEB_PATHS.authStart} fw={600} size="sm">
            {t('identity.hosted.back')}
          </Anchor>
        </Group>
      </IdentityFrame>
    )
  }

  return (
    <IdentityFrame title={t('identity.hosted.title')} sandbox={link?.sandbox ?? false}>
      <Stack gap="sm" align="center" w="100%" role="status" aria-live="polite">
        <Loader />
        <Text ta="center">{link ? t('identity.hosted.taking') : t('identity.hosted.opening')}</Text>
      </Stack>
      {link?.sandbox ? (
        <Text size="sm" c="dimmed">
          {t('identity.hosted.sandbox')}
        </Text>
      ) : null}
      {link ? (
        <Text size="sm">
          <RichText
            catalog={identityCatalog}
            id="identity.hosted.nothing"
            parts={[<Anchor href={link.url} fw={600} />]}
          />
        </Text>
      ) : null}
    </IdentityFrame>
  )
}
