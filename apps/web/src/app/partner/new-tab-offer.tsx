import { Alert, Button, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { continueInNewTab } from '../../features/partner/continue-in-new-tab'
import { NEW_TAB_NEEDED } from '../../lib/hosted-page'
import { storageOnlyInMemory } from '../../lib/storage-stand-in'
import { visitCatalog } from './messages'

type Offer = 'idle' | 'opened' | 'blocked'

/**
 * In a partner's frame (decision 123): where the next page is a party's hosted page, which cannot be shown in a frame,
 * or where the browser keeps this visit only while the page is open, the customer is offered to continue in a tab of
 * its own, their visit and order going with them. A page the customer opens themselves is never blocked as a pop-up.
 */
export function NewTabOffer({ partnerName }: { partnerName: string }) {
  const { pathname, search } = useLocation()
  const [needed, setNeeded] = useState(false)
  const [offer, setOffer] = useState<Offer>('idle')
  useEffect(() => {
    const onNeeded = () => setNeeded(true)
    window.addEventListener(NEW_TAB_NEEDED, onNeeded)
    return () => window.removeEventListener(NEW_TAB_NEEDED, onNeeded)
  }, [])
  if (window.top === window.self || (!needed && !storageOnlyInMemory())) return null
  if (offer === 'opened')
    return (
      <Alert color="blue" variant="light" mb="md" role="status">
        {visitCatalog.t('visit.opened')}
      </Alert>
    )
  return (
    <Alert color={needed ? 'orange' : 'blue'} variant="light" mb="md" title={visitCatalog.t('visit.newTab')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {needed
            ? visitCatalog.t('visit.newTabNeeded', { partner: partnerName })
            : visitCatalog.t('visit.newTabOffered')}
        </Text>
        {offer === 'blocked' ? (
          <Text size="sm" role="alert">
            {visitCatalog.t('visit.blocked')}
          </Text>
        ) : null}
        <Button size="xs" onClick={() => setOffer(continueInNewTab(`${pathname}${search}`) ? 'opened' : 'blocked')}>
          {visitCatalog.t('visit.newTab')}
        </Button>
      </Stack>
    </Alert>
  )
}
