import { Button } from '../../components/account/ui'

/** A screen failed to render or its module failed to load (often a new deployment): offer a reload. */
export function RouteError() {
  return (
    <div className="ac-centre" style={{ minHeight: '100vh', alignItems: 'center' }}>
      <div className="ac-stack ac-centred" style={{ maxWidth: 420 }}>
        <h1 style={{ margin: 0, fontSize: 26 }}>Something went wrong</h1>
        <p className="ac-dimmed">Please reload the page. If it happens again, contact our support team.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  )
}
