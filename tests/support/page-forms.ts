import { matchRoutes, type RouteObject } from 'react-router'
import { ORIGIN, serverBuild } from './app.ts'

/*
 * The POST forms a rendered page offers, as (route id, intent) pairs: the role matrix checks it
 * has a row for each one it meets, so a new form without a row fails it.
 */

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }

function routeTree(): RouteObject[] {
  const routes = Object.values(serverBuild.routes).filter((route): route is NonNullable<typeof route> => route !== undefined) as BuildRoute[]
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) }))
  return childrenOf(undefined)
}

let tree: RouteObject[] | null = null

/** The route id a form's POST to `href` reaches (an index route only with `?index`, as React Router posts). */
export function routeIdOfPost(href: string): string | null {
  const url = new URL(href, ORIGIN)
  const matches = matchRoutes((tree ??= routeTree()), url.pathname) ?? []
  const last = matches.at(-1)
  if (!last) return null
  if (last.route.index && !url.searchParams.has('index')) return matches.at(-2)?.route.id ?? null
  return last.route.id ?? null
}

const attributesOf = (tag: string) => new Map([...tag.matchAll(/([^\s=<>]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]))
const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"')

/** Every `method="post"` form of the page with the intents its buttons and hidden fields send ('' for none). */
export function postFormsOf(html: string, pagePath: string): { action: string; intents: string[] }[] {
  const forms: { id?: string; action: string; inner: string }[] = []
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attributes = attributesOf(match[1]!)
    if ((attributes.get('method') ?? 'get').toLowerCase() !== 'post') continue
    forms.push({ id: attributes.get('id'), action: attributes.get('action') ?? pagePath, inner: match[2]! })
  }
  const intentControls = [...html.matchAll(/<(?:input|button)\b[^>]*>/g)].map((m) => attributesOf(m[0])).filter((a) => a.get('name') === 'intent')
  return forms.map((form) => {
    const inside = [...form.inner.matchAll(/<(?:input|button)\b[^>]*>/g)].map((m) => attributesOf(m[0])).filter((a) => a.get('name') === 'intent' && !a.has('form'))
    // Buttons elsewhere on the page that name this form (a list's bulk bar).
    const outside = form.id ? intentControls.filter((a) => a.get('form') === form.id) : []
    const intents = [...inside, ...outside].map((a) => a.get('value') ?? '')
    return { action: form.action, intents: intents.length ? [...new Set(intents)] : [''] }
  })
}
