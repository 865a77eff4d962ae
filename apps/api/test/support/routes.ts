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
    stack.push(match[2]!)
    for (const method of match[3]!.split(', ')) routes.push({ method, url: stack.join('') })
  }
  return routes
}
