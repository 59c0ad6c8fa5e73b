import type { ClientRow } from '#app/modules/clients/bulk.server.ts'
import type { Column } from './property-columns.ts'

const list = (items: readonly string[]) => items.join(', ')

/**
 * The client CSV: RESO Contacts names where RESO has the field (FullName, Email, PreferredPhone,
 * LeadSource… ModificationTimestamp), our own names for the rest (docs/reso-mapping.md).
 */
export const CLIENT_COLUMNS: Column<ClientRow>[] = [
  { header: 'FullName', cell: (c) => c.fullName, aliases: ['fullName', 'name', 'full name', 'client', 'contact'] },
  { header: 'Email', cell: (c) => c.email, aliases: ['e-mail', 'email address', 'PrimaryEmail', 'Email1'] },
  { header: 'PreferredPhone', cell: (c) => c.phone, aliases: ['phone', 'MobilePhone', 'telephone', 'mobile', 'HomePhone', 'WorkPhone'] },
  { header: 'kind', cell: (c) => c.kind, aliases: ['ContactType', 'client kind', 'type'] },
  { header: 'stage', cell: (c) => c.stage, aliases: ['status', 'ContactStatus'] },
  { header: 'LeadSource', cell: (c) => c.source, aliases: ['source'] },
  { header: 'tags', cell: (c) => list(c.tags) },
  { header: 'notes', cell: (c) => c.notes, aliases: ['Notes', 'remarks'] },
  { header: 'wantedPurpose', cell: (c) => c.wantedPurpose, aliases: ['purpose'] },
  { header: 'wantedCategories', cell: (c) => list(c.wantedCategories), aliases: ['categories'] },
  { header: 'wantedTypes', cell: (c) => list(c.wantedTypes), aliases: ['types'] },
  { header: 'budgetMin', cell: (c) => c.budgetMin, aliases: ['minimum budget', 'min budget'] },
  { header: 'budgetMax', cell: (c) => c.budgetMax, aliases: ['maximum budget', 'max budget'] },
  { header: 'budgetCurrency', cell: (c) => c.budgetCurrency, aliases: ['currency'] },
  { header: 'wantedPlaces', cell: (c) => list(c.wantedPlaces), aliases: ['places', 'cities', 'areas'] },
  { header: 'minBedrooms', cell: (c) => c.minBedrooms, aliases: ['bedrooms', 'min bedrooms'] },
  { header: 'OriginalEntryTimestamp', cell: (c) => c.createdAt, aliases: ['createdAt', 'created'] },
  { header: 'ModificationTimestamp', cell: (c) => c.updatedAt, aliases: ['updatedAt'] },
]
