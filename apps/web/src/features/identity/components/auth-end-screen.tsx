import { Alert, Skeleton, Stack } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'
import { identityAlertCopy } from '../identity-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { identityCatalog } from '../messages'
import { AUTH_END_OUTCOMES, CheckAgain } from './auth-end-outcomes'
import { IdentityFrame } from './identity-frame'

/**
 * /dashboard-authend: the result of the identity check and what to do next, in plain words. It reads the stored
 * status (`identityStatus`), like the return page, never what the browser was told.
 */
export function AuthEndScreen() {
  const t = useCatalog(identityCatalog)
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const check = answer && answer.result ? answer.data : null
  const recheck = () => void identity.refetch()

  if (identity.isPending) {
    return (
      <IdentityFrame title={t('identity.end.title')}>
        <Stack gap="xs" w="100%" role="status" aria-label={t('identity.end.loading')}>
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </Stack>
      </IdentityFrame>
    )
  }

  if (!check) {
    return (
      <IdentityFrame title={t('identity.end.title')}>
        <Alert role="alert" color="red" variant="light" w="100%">
          {identityAlertCopy(answer && !answer.result ? answer.error : 'internal_error')}
        </Alert>
        <CheckAgain onClick={recheck} busy={identity.isFetching} />
      </IdentityFrame>
    )
  }

  const { title, Body } = AUTH_END_OUTCOMES[check.status]
  return (
    <IdentityFrame title={t(title)}>
      <Body message={check.message} recheck={recheck} busy={identity.isFetching} />
    </IdentityFrame>
  )
}
