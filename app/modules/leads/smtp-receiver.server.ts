import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { logger } from '#app/lib/logger.server.ts'
import { agenciesOfAddresses, tokenOfAddress } from './inboxes.server.ts'
import { MAX_INBOUND_MAIL_BYTES, MAX_SMTP_CLIENTS, MAX_SMTP_RECIPIENTS, SMTP_CLOSE_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS } from './limits.ts'
import { receiveMail } from './receive-mail.server.ts'

/*
 * The built-in SMTP receiver for self-hosters (docs/decisions/035-leads-inbound-mail.md): point
 * the domain's MX at the server and set INBOUND_SMTP_PORT. It takes mail only for known
 * leads+TOKEN@ addresses (anything else is refused at RCPT TO with 550, so it is never a relay
 * and answers nothing about other addresses), at most MAX_INBOUND_MAIL_BYTES a message (552
 * past it), and files each message as a lead of every agency it is addressed to. Plain SMTP:
 * no AUTH (nobody sends as someone here) and no STARTTLS (a relay in front gives TLS).
 */


const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code })

export type InboundSmtp = { port: number; close: () => Promise<void> }

export async function startInboundSmtp({ port, host }: { port: number; host: string }): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: 'brokervault',
    banner: 'BrokerVault inbound mail for leads',
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_MAIL_BYTES,
    rejectOversized: true,
    maxClients: MAX_SMTP_CLIENTS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    closeTimeout: SMTP_CLOSE_TIMEOUT_MS,
    onRcptTo: checkRecipient,
    onData: receive,
  })
  server.on('error', (error) => logger.error({ err: error }, 'Inbound SMTP receiver error'))
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, host, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.server.address() as AddressInfo).port
  logger.info({ port: bound, host }, 'Inbound SMTP receiver listening')
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

function checkRecipient(address: SMTPServerAddress, session: SMTPServerSession, callback: (error?: Error | null) => void) {
  if (!tokenOfAddress(address.address)) return callback(smtpError(550, 'No such mailbox here'))
  if (session.envelope.rcptTo.length >= MAX_SMTP_RECIPIENTS) return callback(smtpError(452, 'Too many recipients'))
  agenciesOfAddresses([address.address]).then(
    (agencies) => callback(agencies.length ? null : smtpError(550, 'No such mailbox here')),
    (error: unknown) => {
      logger.error({ err: error }, 'Inbound SMTP: could not check a recipient')
      callback(smtpError(451, 'Try again later'))
    },
  )
}

function receive(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null, message?: string) => void) {
  const chunks: Buffer[] = []
  let bytes = 0
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes <= MAX_INBOUND_MAIL_BYTES) chunks.push(chunk)
  })
  stream.on('error', (error) => callback(error))
  stream.on('end', () => {
    if (stream.sizeExceeded || bytes > MAX_INBOUND_MAIL_BYTES) return callback(smtpError(552, 'Message too large'))
    const raw = Buffer.concat(chunks)
    agenciesOfAddresses(session.envelope.rcptTo.map((recipient) => recipient.address))
      .then((agencies) => receiveMail(raw, agencies))
      .then(
        ({ outcomes }) => {
          // A flood for one address is put off, as a full mailbox is: the sender tries again later.
          if (outcomes.length && outcomes.every((outcome) => outcome.status === 'rate-limited')) {
            return callback(smtpError(451, 'Too many messages for this address; try again later'))
          }
          callback(null, 'Received as a lead')
        },
        (error: unknown) => {
          logger.error({ err: error }, 'Inbound SMTP: could not file a message')
          callback(smtpError(451, 'Try again later'))
        },
      )
  })
}
