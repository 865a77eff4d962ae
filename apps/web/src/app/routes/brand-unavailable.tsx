import { Button } from '../../components/account/ui'

/** The brand could not be loaded, so the app has no colours yet: a neutral screen with a retry. */
export function BrandUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="ac-centre" style={{ minHeight: '100vh', alignItems: 'center', ['--brand' as string]: '#212529' }}>
      <div className="ac-stack ac-centred" style={{ maxWidth: 420 }} role="alert">
        <h1 style={{ margin: 0, fontSize: 24 }}>We could not reach the exchange</h1>
        <p className="ac-dimmed">Please check your connection and try again.</p>
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    </div>
  )
}
