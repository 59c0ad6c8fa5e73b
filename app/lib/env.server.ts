import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS, parseLogLevel } from './logger.server.ts'

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

const flagDefaultOn = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => !(v === '0' || v === 'false' || v === 'no'))

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
// Durations in seconds; fractions allowed (tests use short ones).
const positiveSeconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback)

/** Seconds, as operators write them; server.mjs gets milliseconds from serverTimeoutsMs. */
export const ServerTimeoutsSchema = z.object({
  // On SIGTERM/SIGINT, how long in-flight requests (uploads too) may run before they are cut.
  SHUTDOWN_TIMEOUT: positiveSeconds(25),
  // At start, how long to keep retrying a database that does not answer before giving up.
  DATABASE_CONNECT_TIMEOUT: positiveSeconds(60),
  // Slow clients (docs/decisions/026-request-edge.md): the request line and headers must arrive
  // within HEADERS_TIMEOUT, the whole request within REQUEST_TIMEOUT (room for a 25 MB upload on
  // a slow phone), and a body may pause at most BODY_TIMEOUT and must average 1 kB/s after it.
  HEADERS_TIMEOUT: positiveSeconds(20),
  REQUEST_TIMEOUT: positiveSeconds(600),
  BODY_TIMEOUT: positiveSeconds(30),
})

/** The slowest average a request body may keep up once its first BODY_TIMEOUT has passed. */
export const BODY_MIN_BYTES_PER_SECOND = 1024

export function serverTimeoutsMs(env: z.infer<typeof ServerTimeoutsSchema>) {
  return {
    shutdownMs: env.SHUTDOWN_TIMEOUT * 1000,
    databaseConnectMs: env.DATABASE_CONNECT_TIMEOUT * 1000,
    headersMs: env.HEADERS_TIMEOUT * 1000,
    requestMs: env.REQUEST_TIMEOUT * 1000,
    bodyIdleMs: env.BODY_TIMEOUT * 1000,
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  // Only for tests and throw-away runs: "memory://" keeps the embedded database in memory.
  PGLITE_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  TRIAL_DAYS: positiveInt(14),
  PRICE_CURRENCY: z.string().length(3).default('USD'),
  PRICE_STARTER: z.coerce.number().nonnegative().default(19),
  PRICE_ADVANCED: z.coerce.number().nonnegative().default(49),
  PRICE_PROFESSIONAL: z.coerce.number().nonnegative().default(99),
  // Unset: Stripe when the STRIPE_* settings below are all given, else manual.
  BILLING_PROVIDER: z.enum(['manual', 'stripe']).optional(),
  // Stripe billing (docs/decisions/018-stripe-billing.md): all five, or none.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_ADVANCED: z.string().min(1).optional(),
  STRIPE_PRICE_PROFESSIONAL: z.string().min(1).optional(),
  // Optional: the per-seat price of extra seats (a quantity on the subscription). Unset, extra
  // seats are not sold through Stripe (docs/decisions/034-agencies-and-tenancy.md).
  STRIPE_PRICE_SEAT: z.string().min(1).optional(),
  // Another API host for the SDK (tests point it at a local server): http://127.0.0.1:12111.
  STRIPE_API_BASE: z.url().optional(),
  CONTACT_EMAIL: z.email().default('support@brokervault.app'),
  // smtp://user:pass@host:587 or smtps://…; unset → each message is written to DATA_DIR/outbox.
  SMTP_URL: z.url().refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('BrokerVault <no-reply@brokervault.app>'),
  // Leads by mail (docs/decisions/035-leads-inbound-mail.md): each agency's address is
  // leads+TOKEN@INBOUND_MAIL_DOMAIN; unset, /leads says inbound mail is not set up.
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'INBOUND_MAIL_DOMAIN must be a domain name, such as leads.example.com')
    .transform((v) => v.toLowerCase())
    .optional(),
  // The shared secret of POST /webhooks/inbound-mail (HMAC-SHA256 of the raw message); unset → 404.
  INBOUND_MAIL_SECRET: z.string().min(16, 'INBOUND_MAIL_SECRET must be at least 16 characters').optional(),
  // The built-in SMTP receiver for self-hosters: listens where the background jobs run when set.
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  // Mails a single agency's address takes per hour (a flood is refused for a while: 429 / SMTP 451).
  INBOUND_MAIL_PER_AGENCY_PER_HOUR: positiveInt(300),
  // Background jobs run inside each app server unless off (then `npm run worker` runs them).
  JOBS_IN_PROCESS: flagDefaultOn,
  // Where the jobs run, new leads are routed every 2 s (docs/decisions/037); 0 turns the sweep off.
  LEAD_ROUTING: flagDefaultOn,
  // Unset: the demo broker on the embedded database only. 1: on a server too. 0: nowhere.
  SEED_DEMO: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes')),
  TRUST_PROXY: flag,
  // Set by server.mjs on the short-lived child that creates, migrates and seeds a new embedded
  // database before the server itself opens it (docs/decisions/023); not for operators.
  BROKERVAULT_PREPARE_ONLY: flag,
  // S3-compatible object storage for photos and documents; unset → DATA_DIR/files.
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  ...ServerTimeoutsSchema.shape,
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  RATE_LIMIT_SIGNIN_PER_IP: positiveInt(30),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: positiveInt(10),
  RATE_LIMIT_SIGNUP_PER_IP: positiveInt(10),
  // "Forgot your password?": per address per 15 minutes, and per e-mail address per hour.
  RATE_LIMIT_RESET_PER_IP: positiveInt(5),
  RATE_LIMIT_RESET_PER_EMAIL: positiveInt(3),
  // Feedback notices: at most one mail per share per this many seconds (docs/decisions/016-notices.md).
  NOTICE_BATCH_SECONDS: positiveInt(600),
  // Client alerts: a run this many seconds after a property is added or changed (the cron sweeps every 15 minutes too).
  ALERT_DELAY_SECONDS: positiveInt(120),
  // "Export my data": accounts with more files or more megabytes than this are zipped by a
  // background job and e-mailed as a link; smaller ones download at once. 0 sends every
  // account with a file to the job (tests).
  EXPORT_INLINE_MAX_FILES: z.coerce.number().int().nonnegative().default(200),
  EXPORT_INLINE_MAX_MB: z.coerce.number().nonnegative().default(50),
  // The logger reads it itself as it is created (logger.server.ts); checked here so a typo
  // stops the start instead of quietly logging at info.
  LOG_LEVEL: z
    .string()
    .optional()
    .refine((v) => parseLogLevel(v) !== null, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`),
})

const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_ADVANCED',
  'STRIPE_PRICE_PROFESSIONAL',
] as const

export type StripeSettings = {
  secretKey: string
  webhookSecret: string
  prices: { starter: string; advanced: string; professional: string }
  /** The price of one extra seat, or null when extra seats are not sold. */
  seatPrice: string | null
  apiBase: URL | null
}

/**
 * All five Stripe settings, or none: a half-configured Stripe fails at start with the missing
 * names rather than quietly billing through the manual provider.
 */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  const given = STRIPE_SETTINGS.filter((name) => env[name] !== undefined && env[name] !== '')
  const wantsStripe = env.BILLING_PROVIDER === 'stripe' || given.length > 0 || env.STRIPE_API_BASE !== undefined
  if (!wantsStripe || given.length === STRIPE_SETTINGS.length) return
  for (const name of STRIPE_SETTINGS.filter((n) => !given.includes(n))) {
    ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with the other Stripe settings (set all of ${STRIPE_SETTINGS.join(', ')}, or none)` })
  }
})

export type Env = Omit<z.infer<typeof EnvSchema>, 'BILLING_PROVIDER'> & {
  BILLING_PROVIDER: 'manual' | 'stripe'
  /** Set when Stripe is configured (all five STRIPE_* settings). */
  stripe: StripeSettings | null
  APP_URL: string
  /** First secret signs, every secret verifies: rotate by prepending a new one. */
  SESSION_SECRETS: string[]
  isProduction: boolean
}

let cached: Env | undefined

/** Parsed once, on first use, so tests can set process.env before anything reads it. */
export function getEnv(): Env {
  if (cached) return cached
  const parsed = CheckedEnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const isProduction = env.NODE_ENV === 'production'
  const stripe = stripeSettings(env)
  cached = {
    ...env,
    BILLING_PROVIDER: env.BILLING_PROVIDER ?? (stripe ? 'stripe' : 'manual'),
    stripe,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRETS: resolveSessionSecrets(env.SESSION_SECRET, env.DATA_DIR, isProduction),
    isProduction,
  }
  return cached
}

function stripeSettings(env: z.infer<typeof EnvSchema>): StripeSettings | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_ADVANCED, STRIPE_PRICE_PROFESSIONAL } = env
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_STARTER || !STRIPE_PRICE_ADVANCED || !STRIPE_PRICE_PROFESSIONAL) return null
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { starter: STRIPE_PRICE_STARTER, advanced: STRIPE_PRICE_ADVANCED, professional: STRIPE_PRICE_PROFESSIONAL },
    seatPrice: env.STRIPE_PRICE_SEAT ?? null,
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null,
  }
}

function resolveSessionSecrets(value: string | undefined, dataDir: string, isProduction: boolean) {
  if (value) return value.split(',').map((s) => s.trim()).filter(Boolean)
  if (isProduction) throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production')
  // Development: keep a generated secret in DATA_DIR so sessions survive restarts.
  const file = path.join(dataDir, 'session-secret')
  try {
    return [readFileSync(file, 'utf8').trim()]
  } catch {
    const secret = randomBytes(32).toString('base64url')
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, secret, { mode: 0o600 })
    return [secret]
  }
}
