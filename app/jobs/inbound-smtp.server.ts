import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { startInboundSmtp, type InboundSmtp } from '#app/modules/leads/smtp-receiver.server.ts'

/*
 * The built-in SMTP receiver runs where the background jobs run (docs/decisions/035-leads-inbound-mail.md):
 * in the app server by default, in `npm run worker` when JOBS_IN_PROCESS=0. Only when
 * INBOUND_SMTP_PORT is set. A port that cannot be taken is logged and the rest runs on: the
 * signed HTTP endpoint still receives mail.
 */

let running: InboundSmtp | null = null

export async function startInboundSmtpIfConfigured(): Promise<void> {
  const { INBOUND_SMTP_PORT, INBOUND_SMTP_HOST } = getEnv()
  if (INBOUND_SMTP_PORT === undefined || running) return
  try {
    running = await startInboundSmtp({ port: INBOUND_SMTP_PORT, host: INBOUND_SMTP_HOST })
  } catch (error) {
    logger.error({ reason: error instanceof Error ? error.message : String(error), port: INBOUND_SMTP_PORT }, 'Inbound SMTP receiver could not start')
  }
}

export async function stopInboundSmtp(): Promise<void> {
  const server = running
  running = null
  await server?.close()
}
