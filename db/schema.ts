// One schema for both drivers, split by concern.
export * from './schema/accounts.ts'
export * from './schema/properties.ts'
export * from './schema/clients.ts'
export * from './schema/exports.ts'
export * from './schema/formats.ts'
export * from './schema/agenda.ts'
export * from './schema/alerts.ts'
export * from './schema/notifications.ts'
