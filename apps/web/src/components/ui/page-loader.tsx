import { Center, Loader } from '@mantine/core'
import { catalogLanguage } from '../../lib/i18n/catalog'
import { loadingLabel } from './loading-label'

export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label ?? loadingLabel(catalogLanguage())}>
      <Loader />
    </Center>
  )
}
