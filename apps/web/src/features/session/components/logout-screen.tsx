import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader'
import { useBrand } from '../../../lib/brand-context'
import { useLogOut } from '../api/log-out'

/** /logout: ends the session, then shows the login form. */
export function LogoutScreen() {
  const { brandName } = useBrand()
  const navigate = useNavigate()
  const { mutateAsync } = useLogOut()
  const started = useRef(false)

  useEffect(() => {
    // React's development double-mount must not send a second logout.
    if (started.current) return
    started.current = true
    void mutateAsync(brandName)
      .catch(() => false)
      .then(() => navigate('/login', { replace: true }))
  }, [brandName, mutateAsync, navigate])

  return <PageLoader label="Logging out" />
}
