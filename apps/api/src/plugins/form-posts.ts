import type { FastifyInstance } from 'fastify'

/**
 * Form posts (the operator page, the sandbox parties' pages) arrive url-encoded. A field given twice is kept as a
 * list, which no form's schema takes: which of the two was meant is not for the page to guess.
 */
function parseForm(body: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    const before = form[name]
    form[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]
  }
  return form
}

/** Lets the routes of this plugin read url-encoded form posts (`parseForm`); the rest of the api takes JSON only. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, parseForm(body as string)),
  )
}
