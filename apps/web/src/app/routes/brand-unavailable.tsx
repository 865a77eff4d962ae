import { catalogLanguage } from '../../lib/i18n/catalog'
import { Button } from '../../components/account/ui'
import { commonCatalog } from '../../lib/common-copy'

/** Before the app's texts arrive (the same failure may have kept them away), the screen speaks English. */
const say = (id: Parameters<typeof commonCatalog.t>[0], english: string) =>
  commonCatalog.isLoaded(catalogLanguage()) ? commonCatalog.t(id) : english

/** The brand could not be loaded, so the app has no colours yet: a neutral screen with a retry. */
export function BrandUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="ac-centre" style={{ minHeight: '100vh', alignItems: 'center', ['--brand' as string]: '#212529' }}>
      <div className="ac-stack ac-centred" style={{ maxWidth: 420 }} role="alert">
        <h1 style={{ margin: 0, fontSize: 24 }}>
          {say('common.brandUnavailable.title', 'We could not reach the exchange')}
        </h1>
        <p className="ac-dimmed">
          {say('common.brandUnavailable.body', 'Please check your connection and try again.')}
        </p>
        <Button onClick={onRetry} loading={retrying}>
          {say('common.tryAgain', 'Try again')}
        </Button>
      </div>
    </div>
  )
}
