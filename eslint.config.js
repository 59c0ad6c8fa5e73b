// Lint for `npm test`: typescript-eslint, React hooks, and the layering rule of
// docs/decisions/007-layering.md, written as import restrictions so it needs no resolver:
// every import that leaves its folder goes through `#app/…` or `#db/…`, and each layer
// lists what it may not import.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Domain modules, lowest first. A module imports only modules listed before it, so the
 * module folders can never import each other in a loop.
 */
export const MODULE_ORDER = [
  'security',
  'notifications',
  'mail',
  'billing',
  'profile',
  'auth',
  'agencies',
  'two-factor',
  'session',
  'navigation',
  'activity',
  'media',
  'properties',
  'clients',
  'listings',
  'sharing',
  'notices',
  'alerts',
  'deals',
  'comments',
  'agenda',
  'assignment',
  'trash',
  'formats',
  'leads',
  'website',
  'open-houses',
  'dashboard',
  'exports',
  'demo',
]

/**
 * Each table has one owning module (docs/decisions/007-layering.md): only the owner imports
 * the table object, so every other module reads and writes it through the owner's functions.
 * The demo seeder is a module like any other.
 */
// The owning module of each table, as db/tables.ts registers it (a test keeps the two equal:
// tests/integration/table-registry.test.ts); ESLint reads this copy because it loads no TypeScript.
export const TABLE_OWNERS = {
  users: 'auth',
  passwordResetTokens: 'auth',
  twoFactorSecrets: 'two-factor',
  twoFactorRecoveryCodes: 'two-factor',
  twoFactorChallenges: 'two-factor',
  mailCircuit: 'mail',
  profiles: 'profile',
  userSessions: 'session',
  userSubscriptions: 'billing',
  stripeEvents: 'billing',
  rateLimits: 'security',
  properties: 'properties',
  propertyPhotos: 'media',
  propertyDocuments: 'media',
  activities: 'activity',
  clients: 'clients',
  clientListingItems: 'listings',
  shares: 'sharing',
  shareViews: 'sharing',
  shareContentVersions: 'sharing',
  clientFeedback: 'sharing',
  deals: 'deals',
  comments: 'comments',
  dataExports: 'exports',
  imports: 'formats',
  portalFeeds: 'formats',
  viewings: 'agenda',
  tasks: 'agenda',
  calendarFeeds: 'agenda',
  clientAlerts: 'alerts',
  alertMatches: 'alerts',
  agencies: 'agencies',
  agencyMembers: 'agencies',
  agencySlugRedirects: 'agencies',
  agencyInvitations: 'agencies',
  auditLog: 'agencies',
  notifications: 'notifications',
  leads: 'leads',
  leadInboxes: 'leads',
  leadRouting: 'leads',
  leadTakers: 'leads',
  leadReplyTemplates: 'leads',
  leadMessages: 'leads',
  colleagueShares: 'assignment',
  openHouses: 'open-houses',
  openHouseSignIns: 'open-houses',
}

const TS_FILES = ['**/*.{ts,tsx}']
const SCOPE_MINTED_ONCE =
  'A Scope comes from the session (requireAuth) or from scopeOfMember (app/modules/agencies/membership.server.ts); nothing else builds one.'
const APP = (folder) => [`app/${folder}/**/*.{ts,tsx}`]

// Relative imports stay inside their own folder; crossing folders is explicit.
const NO_PARENT_IMPORTS = { group: ['../*'], message: 'Import across folders through #app/… or #db/….' }
// Patterns are gitignore-style, where a leading '#' starts a comment: escape it.
const escapeHash = (pattern) => pattern.replace(/^(!?)#/, '$1\\#')
const upward = (targets, why) => ({ group: targets.map(escapeHash), message: why })

const ROUTE_LAYER = ['#app/routes/*', '#app/http/*', '#app/jobs/*', '#app/root.tsx', '#app/entry.server.tsx']
const restrict = (files, patterns, extra = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [NO_PARENT_IMPORTS, ...patterns], ...extra }] },
})

const REACT_ROUTER = {
  name: 'react-router',
  message: 'Modules return results; the routes and app/http turn them into responses (redirect, data, flash).',
}

/** The tables a module may not import: every table another module owns. */
function foreignTables(name) {
  const foreign = Object.entries(TABLE_OWNERS)
    .filter(([, owner]) => owner !== name)
    .map(([table]) => table)
  return {
    name: '#db/schema.ts',
    importNames: foreign,
    message: `Another module owns this table: call the owner's functions (TABLE_OWNERS in eslint.config.js).`,
  }
}

function moduleRules(name, index) {
  const higher = MODULE_ORDER.slice(index + 1).map((other) => `#app/modules/${other}/*`)
  return restrict(
    APP(`modules/${name}`),
    [
      upward(['#app/ui/*', ...ROUTE_LAYER], 'Modules sit below ui, http and routes: move the shared contract down.'),
      upward(['#app/lib/http.ts'], 'Modules return null or a result; the route answers 404/400 (orNotFound, badRequest).'),
      ...(higher.length
        ? [upward(higher, `modules/${name} may import only modules listed before it in MODULE_ORDER (eslint.config.js).`)]
        : []),
    ],
    { paths: [REACT_ROUTER, foreignTables(name)] },
  )
}

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TS_FILES,
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [NO_PARENT_IMPORTS] }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },

  // The layers, top to bottom: routes → http → (ui, modules) → db → lib.
  restrict(APP('http'), [upward(['#app/routes/*', '#app/root.tsx', '#app/entry.server.tsx'], 'app/http serves the routes; it never imports them.')]),
  // app/jobs is the routes' peer for work off the request: it wires queues to module functions.
  restrict(APP('jobs'), [upward(['#app/routes/*', '#app/http/*', '#app/ui/*', '#app/root.tsx', '#app/entry.server.tsx'], 'Jobs call modules; they never render or answer requests.')]),
  restrict(APP('ui'), [
    upward([...ROUTE_LAYER], 'ui is presentational: it takes data as props and never imports routes or app/http.'),
    upward(['**/*.server', '**/*.server.ts', '#db/*.server.ts', '#db/schema*'], 'ui runs in the browser too: no server code.'),
  ]),
  ...MODULE_ORDER.map(moduleRules),
  // The one exception: the logger (app/lib/logger.server.ts), which everything writes through.
  restrict(['db/**/*.ts'], [upward(['#app/*', '!#app/lib', '#app/lib/*', '!#app/lib/logger.server.ts'], 'db sits below the app: it imports nothing from app/ but the logger.')]),
  {
    // Inside db/ relative imports are the norm (drizzle-kit loads the schema without package imports).
    files: ['db/schema/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upward(['#app/*'], 'db sits below the app: it imports nothing from app/.')] }] },
  },
  restrict(APP('lib'), [upward(['#app/*', '!#app/lib/*', '#db/*'], 'lib is generic: it imports nothing from the app or db.')]),
  {
    // One scope type, made in one place (docs/decisions/034): the agencies module mints a Scope from
    // a membership (the session's, or scopeOfMember's for work outside a request); everything else
    // receives one. Tests get theirs through tests/support/db.ts, which calls scopeOfMember.
    files: TS_FILES,
    ignores: ['app/modules/agencies/membership.server.ts', 'db/tenancy.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='scopeFromMembership']", message: SCOPE_MINTED_ONCE },
        { selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='Scope']", message: SCOPE_MINTED_ONCE },
        { selector: "TSTypeAssertion > TSTypeReference.typeAnnotation[typeName.name='Scope']", message: SCOPE_MINTED_ONCE },
      ],
    },
  },
)
