import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/** Information and legal pages: one file each under routes/public/. */
const INFO_PAGES = [
  'support',
  'terms',
  'privacy',
  'data-policy',
  'disclaimer',
  'refund-policy',
  'cookie-policy',
  'contact',
  'shipping-policy',
  'about',
  'help',
] as const

/** Seed paths whose screens arrive with the clients issue: guarded 404s until then. */
const PLANNED_GUARDED_PATHS = [
  'client/new',
  'client/:id',
  'client/edit/:id',
  'client/:clientId/edit-listing',
  'client/:clientId/listing',
  'client/:clientId/listing/:propertyId',
  'deals',
] as const

export default [
  index('routes/public/landing.tsx'),
  route('pricing', 'routes/public/pricing.tsx'),
  ...INFO_PAGES.map((page) => route(page, `routes/public/${page}.tsx`)),

  route('auth', 'routes/auth/auth.tsx'),
  route('auth-recovery', 'routes/auth/auth-recovery.tsx'),
  route('clear-navigation', 'routes/auth/clear-navigation.tsx'),
  route('logout', 'routes/auth/logout.tsx'),

  route('preview/:sharedUrlId', 'routes/share/preview.tsx'),
  route('client-listing/:sharedId', 'routes/share/preview.tsx', { id: 'client-listing' }),

  route('theme', 'routes/resources/theme.ts'),
  // Files check their own access: the owner now, live shares and public listings later.
  route('media/:photoId/:variant', 'routes/resources/media.ts'),
  route('documents/:documentId', 'routes/resources/document.ts'),
  route('healthz', 'routes/resources/healthz.ts'),

  // Session guard + subscription guard (middleware, so child actions are guarded too); the
  // allowed-path rule lets /profile, /public-properties and property edit pages through.
  layout('routes/app/layout.tsx', [
    route('home', 'routes/app/home.tsx'),
    route('profile', 'routes/app/profile.tsx'),
    route('public-properties', 'routes/app/public-properties.tsx'),
    route('properties', 'routes/app/properties.tsx'),
    route('clients', 'routes/app/clients.tsx'),
    route('property/type-selection', 'routes/app/property-type-selection.tsx'),
    route('property/new', 'routes/app/property-new-redirect.ts'),
    route('property/new/:category', 'routes/app/property-new.tsx'),
    route('property/:id', 'routes/app/property.tsx'),
    // Both readings of the edit path (seed): one module under two ids.
    route('property/:id/edit', 'routes/app/property-edit.tsx'),
    route('property/edit/:id', 'routes/app/property-edit.tsx', { id: 'property-edit-alt' }),
    route('property/:id/media', 'routes/app/property-media.tsx'),
    ...PLANNED_GUARDED_PATHS.map((path) => route(path, 'routes/app/planned.tsx', { id: `planned:${path}` })),
  ]),

  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
