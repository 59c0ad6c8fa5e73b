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

export default [
  index('routes/public/landing.tsx'),
  route('pricing', 'routes/public/pricing.tsx'),
  // Stripe Checkout's success_url (docs/decisions/018-stripe-billing.md).
  route('pricing/checkout-return', 'routes/public/checkout-return.ts'),
  ...INFO_PAGES.map((page) => route(page, `routes/public/${page}.tsx`)),

  route('auth', 'routes/auth/auth.tsx'),
  // The second step of signing in for accounts with two-factor on (a half-signed-in cookie).
  route('auth/two-factor', 'routes/auth/two-factor.tsx'),
  route('auth-recovery', 'routes/auth/auth-recovery.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password/:token', 'routes/auth/reset-password.tsx'),
  route('clear-navigation', 'routes/auth/clear-navigation.tsx'),
  route('logout', 'routes/auth/logout.tsx'),

  route('preview/:sharedUrlId', 'routes/share/preview.tsx'),
  route('client-listing/:sharedId', 'routes/share/preview.tsx', { id: 'client-listing' }),
  // Client alerts: the page the mails link to, and the one-click unsubscribe (RFC 8058).
  route('alerts/:shareId', 'routes/share/alert.tsx'),
  route('unsubscribe/:token', 'routes/share/unsubscribe.tsx'),

  // Enquiry forms of share and alert pages: the form's post, a refused post shown again, and the
  // confirmation at {page}/enquiry/sent (docs/decisions/036-enquiries-and-website.md).
  route('preview/:sharedUrlId/enquiry/:sent?', 'routes/share/enquiry.tsx', { id: 'enquiry-property-share' }),
  route('client-listing/:sharedId/enquiry/:sent?', 'routes/share/enquiry.tsx', { id: 'enquiry-shortlist-share' }),
  route('alerts/:shareId/enquiry/:sent?', 'routes/share/enquiry.tsx', { id: 'enquiry-alert' }),
  // Each agency's public website: its listings and search, a page per listing (410 once gone),
  // its sitemap, and its enquiry forms; robots.txt names the index of the sitemaps.
  route('a/:slug', 'routes/website/agency.tsx'),
  route('a/:slug/p/:listing', 'routes/website/listing.tsx'),
  route('a/:slug/sitemap.xml', 'routes/website/sitemap.ts'),
  route('a/:slug/enquiry/:sent?', 'routes/share/enquiry.tsx', { id: 'enquiry-website' }),
  route('a/:slug/p/:listing/enquiry/:sent?', 'routes/share/enquiry.tsx', { id: 'enquiry-website-listing' }),
  route('sitemap.xml', 'routes/website/sitemap-index.ts'),
  route('robots.txt', 'routes/website/robots.ts'),

  route('theme', 'routes/resources/theme.ts'),
  // Files check their own access: the owner, live shares and public listings. A photo's sized
  // file also has a tagged address, public and immutable while the photo is open to anyone.
  route('media/:photoId/:variant/:file?', 'routes/resources/media.ts'),
  route('documents/:documentId', 'routes/resources/document.ts'),
  // Brokers' avatars are public by their random, per-upload id (share pages show them).
  route('avatars/:avatarId/:size', 'routes/resources/avatar.ts'),
  // Agencies' logos, the same way (client pages and mails show them).
  route('logos/:logoId/:size', 'routes/resources/logo.ts'),
  route('healthz', 'routes/resources/healthz.ts'),
  // Posted by Stripe, not by browsers: no guards, no cross-site check, its own signature check.
  route('webhooks/stripe', 'routes/webhooks/stripe.ts'),
  // Mail for the agencies' lead addresses, posted raw by an inbound-mail service and signed
  // with INBOUND_MAIL_SECRET (docs/decisions/035-leads-inbound-mail.md).
  route('webhooks/inbound-mail', 'routes/webhooks/inbound-mail.ts'),
  // A broker's public, active listings for portals, by a revocable token (no session).
  route('feeds/:token/kyero.xml', 'routes/resources/kyero-feed.ts'),
  // A broker's viewings and tasks for calendar apps, by a revocable token (no session).
  route('calendar/:token/agenda.ics', 'routes/resources/calendar-feed.ts'),
  // The client's zero-JavaScript feedback page after a viewing (docs/decisions/021-viewings-and-tasks.md).
  route('viewing-feedback/:token', 'routes/share/viewing-feedback.tsx'),
  // The zero-JavaScript sign-in page at an open house's door, by its token (docs/decisions/038-…).
  route('open-house/:token', 'routes/share/open-house.tsx'),
  // An invitation to join an agency: sign in or sign up, then accept (no app layout: the
  // invitee may have no account yet).
  route('invite/:token', 'routes/auth/invite.tsx'),

  // Session guard + subscription guard (middleware, so child actions are guarded too); the
  // allowed-path rule lets /profile, /public-properties and property edit pages through.
  layout('routes/app/layout.tsx', [
    route('home', 'routes/app/home.tsx'),
    // The profile in sections, each with its own forms; /profile lists them (docs/decisions/033-…).
    route('profile', 'routes/app/profile/layout.tsx', [
      index('routes/app/profile/index.tsx'),
      route('account', 'routes/app/profile/account.tsx'),
      route('security', 'routes/app/profile/security.tsx'),
      route('billing', 'routes/app/profile/billing.tsx'),
      route('connections', 'routes/app/profile/connections.tsx'),
      route('data', 'routes/app/profile/data.tsx'),
    ]),
    // "Export my data": the zip (small accounts) or a queued job; a ready export's download.
    route('profile/export', 'routes/app/profile-export.ts'),
    route('profile/exports/:exportId', 'routes/app/profile-export-download.ts'),
    route('profile/portal-feed', 'routes/app/profile-portal-feed.ts'),
    route('profile/calendar-feed', 'routes/app/profile-calendar-feed.ts'),
    // What happened for the broker; showing a page marks it read (docs/decisions/033-…).
    route('notifications', 'routes/app/notifications.tsx'),
    route('agenda', 'routes/app/agenda.tsx'),
    // The agency: details, members, invitations, seats; its audit log (owners and admins).
    route('agency', 'routes/app/agency.tsx'),
    route('agency/audit', 'routes/app/agency-audit.tsx'),
    // Leads that came in by themselves (inbound mail for now): the inbox and one lead.
    route('leads', 'routes/app/leads.tsx'),
    route('lead/:id', 'routes/app/lead.tsx'),
    // Reply templates of the agency (docs/decisions/037-lead-routing-and-replies.md).
    route('leads/templates', 'routes/app/lead-templates.tsx'),
    route('trash', 'routes/app/trash.tsx'),
    route('viewing/:id', 'routes/app/viewing.tsx'),
    route('property/:id/viewing-report', 'routes/app/property-viewing-report.tsx'),
    route('public-properties', 'routes/app/public-properties.tsx'),
    route('properties', 'routes/app/properties.tsx'),
    route('clients', 'routes/app/clients.tsx'),
    // CSV export with the list's filters (docs/reso-mapping.md).
    route('properties/export.csv', 'routes/app/properties-export.ts'),
    route('clients/export.csv', 'routes/app/clients-export.ts'),
    route('clients/export.vcf', 'routes/app/clients-vcard.ts'),
    route('client/:id/export.vcf', 'routes/app/client-vcard.ts'),
    // Imports: upload → preview (/imports/{id}) → confirm (docs/decisions/019-formats.md).
    route('properties/import', 'routes/app/properties-import.tsx'),
    route('clients/import', 'routes/app/clients-import.tsx'),
    route('imports/:importId', 'routes/app/import-preview.tsx'),
    route('property/type-selection', 'routes/app/property-type-selection.tsx'),
    route('property/new', 'routes/app/property-new-redirect.ts'),
    route('property/new/:category', 'routes/app/property-new.tsx'),
    route('property/:id', 'routes/app/property.tsx'),
    // Both readings of the edit path (seed): one module under two ids.
    route('property/:id/edit', 'routes/app/property-edit.tsx'),
    route('property/edit/:id', 'routes/app/property-edit.tsx', { id: 'property-edit-alt' }),
    route('property/:id/media', 'routes/app/property-media.tsx'),
    // A one-page print brochure with the QR code of the property's share link.
    route('property/:id/brochure', 'routes/app/property-brochure.tsx'),
    // Open houses of a listing: start, end, who signed in; a printable QR sign for the door.
    route('property/:id/open-houses', 'routes/app/property-open-houses.tsx'),
    route('property/:id/open-houses/:openHouseId/sign', 'routes/app/open-house-sign.tsx'),
    route('client/new', 'routes/app/client-new.tsx'),
    route('client/:id', 'routes/app/client.tsx'),
    route('client/edit/:id', 'routes/app/client-edit.tsx'),
    route('client/:clientId/edit-listing', 'routes/app/client-edit-listing.tsx'),
    route('client/:clientId/listing', 'routes/app/client-listing.tsx'),
    route('client/:clientId/listing/:propertyId', 'routes/app/client-listing-item.tsx'),
    route('deals', 'routes/app/deals.tsx'),
    route('deal/:id', 'routes/app/deal.tsx'),
    route('public-properties/:id', 'routes/app/public-property.tsx'),
    // Form targets shared by several pages (each redirects back to a same-site path).
    route('shares', 'routes/app/shares.ts'),
    route('comments', 'routes/app/comments.ts'),
  ]),

  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
