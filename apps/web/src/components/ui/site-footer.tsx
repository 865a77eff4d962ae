/**
 * The foot of every page. The visitor country that decides the UK risk warning and the UK steps comes from the DB-IP
 * Lite country database, whose CC BY 4.0 licence asks for this attribution with a link (decisions 040, 043).
 */
export function SiteFooter() {
  return (
    <footer className="ac-footer">
      <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
        IP geolocation by DB-IP
      </a>
    </footer>
  )
}
