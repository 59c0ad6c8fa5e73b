import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { freePort } from './server-process.ts'

export type SmtpListener = {
  url: string
  /** Every message accepted, parsed, in order of arrival. */
  received: ParsedMail[]
  /** Attempts the listener refused (while `refuse` is set). */
  refused: number
  /** While true, every message is answered with a temporary failure (451). */
  refuse: boolean
  waitForMail(to: string, timeoutMs?: number): Promise<ParsedMail>
  close(): Promise<void>
}

/** A real SMTP server on a free local port (smtp-server), parsing what arrives (mailparser). */
export async function startSmtpListener(): Promise<SmtpListener> {
  const port = await freePort()
  const listener: SmtpListener = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    refused: 0,
    refuse: false,
    waitForMail: (to, timeoutMs = 20_000) => waitFor(() => listener.received.find((m) => addressesOf(m).includes(to.toLowerCase())), timeoutMs, `mail to ${to}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (listener.refuse) {
        listener.refused++
        stream.resume()
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })))
        return
      }
      simpleParser(stream).then(
        (mail) => {
          listener.received.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return listener
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
  return to.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()))
}

export async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The reset link of a message (text part). */
export function resetLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no reset link in: ${mail.text}`)
  return link
}
