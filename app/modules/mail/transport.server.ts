import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import { getEnv } from '#app/lib/env.server.ts'
import { firstLink, type RenderedMail } from './message.ts'
import { logger } from '#app/lib/logger.server.ts'

/** nodemailer's message fields for a rendered mail, attachments included. */
function messageOf(from: string, mail: RenderedMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    headers: mail.headers,
  }
}

/** Sends one rendered message; throws when the server refuses or cannot be reached. */
export type MailTransport = { send: (mail: RenderedMail) => Promise<void>; kind: 'smtp' | 'outbox' }

let cached: { key: string; transport: MailTransport } | undefined

/**
 * SMTP_URL sends for real. Without it every message is written to DATA_DIR/outbox as an .eml
 * file and its subject and first link are logged, so reset links work on a fresh machine.
 */
export function getMailTransport(): MailTransport {
  const env = getEnv()
  const key = `${env.SMTP_URL ?? ''}|${env.DATA_DIR}|${env.MAIL_FROM}`
  if (cached?.key === key) return cached.transport
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : outboxTransport(env.DATA_DIR, env.MAIL_FROM)
  cached = { key, transport }
  return transport
}

// nodemailer (some 15 MB once loaded) comes with the first message, not with the server.
const loadNodemailer = async () => (await import('nodemailer')).default

/** One transporter per transport, made when its first message goes. */
function lazily(make: (nodemailer: Awaited<ReturnType<typeof loadNodemailer>>) => Transporter) {
  let transporter: Promise<Transporter> | undefined
  return () => (transporter ??= loadNodemailer().then(make))
}

function smtpTransport(url: string, from: string): MailTransport {
  // Short timeouts: a hanging server is a failed attempt for the retry policy, not a stuck job.
  const transporter = lazily((nodemailer) =>
    nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
  )
  return {
    kind: 'smtp',
    send: async (mail) => {
      await (await transporter()).sendMail(messageOf(from, mail))
    },
  }
}

function outboxTransport(dataDir: string, from: string): MailTransport {
  const writer = lazily((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  const folder = path.resolve(dataDir, 'outbox')
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await (await writer()).sendMail(messageOf(from, mail))
      await mkdir(folder, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
      await writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 })
      const link = firstLink(mail.text)
      // Subject and address are the users' text: fields, so JSON escapes whatever they hold.
      logger.info({ to: mail.to, subject: mail.subject, file: `outbox/${name}`, link }, 'Mail written to the outbox')
    },
  }
}
