/**
 * The kinds of thing an audit line is about (its object_type), with the labels /agency/audit
 * filters them by. Apart from audit.server.ts so that the page's component can list them.
 */
export const AUDIT_KINDS = {
  property: 'Properties',
  client: 'Clients',
  deal: 'Deals',
  viewing: 'Viewings',
  task: 'Tasks',
  share: 'Share links',
  lead: 'Leads',
  export: 'Exports',
  member: 'Members',
  invitation: 'Invitations',
  seats: 'Seats',
  agency: 'Agency details',
} as const
export type AuditKind = keyof typeof AUDIT_KINDS
