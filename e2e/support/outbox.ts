import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { simpleParser, type AddressObject } from 'mailparser'

/**
 * Where the e2e server writes its mail: no SMTP_URL, so every message is an .eml file in
 * DATA_DIR/outbox, and playwright.config.ts runs the server from the repository root with
 * DATA_DIR=test-results/e2e-data.
 */
export const E2E_OUTBOX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/e2e-data/outbox')

const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]{43}/

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()))

/** The newest message in the outbox addressed to `email` that carries a reset link, or null. */
async function newestResetLink(email: string): Promise<string | null> {
  return newestLink(email, RESET_LINK)
}

/** The first match of `pattern` in the newest message to `email` that has one, or null. */
async function newestLink(email: string, pattern: RegExp): Promise<string | null> {
  const names = await readdir(E2E_OUTBOX).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  // File names start with the ISO time of writing: newest first.
  for (const name of names.filter((n) => n.endsWith('.eml')).sort().reverse()) {
    const mail = await simpleParser(await readFile(path.join(E2E_OUTBOX, name)))
    if (!addresses(mail.to).includes(email.toLowerCase())) continue
    const link = pattern.exec(mail.text ?? '')?.[0]
    if (link) return link
  }
  return null
}

/**
 * Waits for the password-reset mail to `email` (the request only queues a job; the server's
 * worker mails the link within a second or two) and returns its link. Throws after `timeoutMs`.
 */
export async function readResetLink(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const link = await newestResetLink(email)
    if (link) return link
    if (Date.now() > deadline) throw new Error(`readResetLink: no reset mail to ${email} in ${E2E_OUTBOX} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const FEEDBACK_LINK = /https?:\/\/[^\s"<>]+\/viewing-feedback\/[A-Za-z0-9_-]{22}/

/** Waits for the "How was your viewing" mail to `email` (sent by the server's mail job) and returns its link. */
export async function readViewingFeedbackLink(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const link = await newestLink(email, FEEDBACK_LINK)
    if (link) return link
    if (Date.now() > deadline) throw new Error(`readViewingFeedbackLink: no feedback mail to ${email} in ${E2E_OUTBOX} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Waits for a message to `email` whose text holds a link matching `pattern` (any mail, newest
 * first) and returns the link. Throws after `timeoutMs`.
 */
export async function readMailLink(email: string, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const names = await readdir(E2E_OUTBOX).catch(() => [] as string[])
    for (const name of names.filter((n) => n.endsWith('.eml')).sort().reverse()) {
      const mail = await simpleParser(await readFile(path.join(E2E_OUTBOX, name)))
      if (!addresses(mail.to).includes(email.toLowerCase())) continue
      const link = pattern.exec(mail.text ?? '')?.[0]
      if (link) return link
    }
    if (Date.now() > deadline) throw new Error(`readMailLink: no mail to ${email} with ${pattern} in ${E2E_OUTBOX} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
