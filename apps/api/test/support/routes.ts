export interface Route {
  method: string
  url: string
}

/** The registered routes, read from the router's own listing (`app.printRoutes({ commonPrefix: false })`). */
export function registeredRoutes(listing: string): Route[] {
  const routes: Route[] = []
  const stack: string[] = []
  for (const line of listing.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    // The listing prints a wildcard under its parent without the slash between them (`/operator/app` then `*` for
    // `/operator/app/*`).
    const segment = match[2]!
    stack.push(segment === '*' && !stack.join('').endsWith('/') ? '/*' : segment)
    for (const method of match[3]!.split(', ')) routes.push({ method, url: stack.join('') })
  }
  return routes
}
