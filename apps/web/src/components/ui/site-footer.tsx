import { useCatalog } from '../../lib/i18n/catalog'
import { commonCatalog } from '../../lib/common-copy'

/**
 * The foot of every page. The visitor country that decides the UK risk warning and the UK steps comes from the DB-IP
 * Lite country database, whose CC BY 4.0 licence asks for this attribution with a link (decisions 040, 043).
 */
export function SiteFooter() {
  const t = useCatalog(commonCatalog)
  return (
    <footer className="ac-footer">
      <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
        {t('common.footer.geolocation')}
      </a>
    </footer>
  )
}
