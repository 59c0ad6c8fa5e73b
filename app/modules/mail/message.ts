/** What a module asks to send: the words, and at most one action link. */
export type MailRequest = {
  to: string
  subject: string
  /** Paragraphs of plain text, in order. */
  paragraphs: string[]
  action?: { label: string; url: string }
  /** Files sent with the message (a calendar invitation's .ics); plain text, kept in the job's data. */
  attachments?: MailAttachment[]
  /** Extra header fields, e.g. List-Unsubscribe (RFC 8058) on client alerts. */
  headers?: Record<string, string>
}

/** A small text attachment: `contentType` may carry parameters (`text/calendar; method=REQUEST`). */
export type MailAttachment = { filename: string; contentType: string; content: string }

/** What goes on the wire: a plain-text part and a simple HTML part with the same words. */
export type RenderedMail = {
  to: string
  subject: string
  text: string
  html: string
  attachments: MailAttachment[]
  headers?: Record<string, string>
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Every message carries the product name and where to get help, in both parts. */
export function renderMail(request: MailRequest, supportAddress: string): RenderedMail {
  const footer = `BrokerVault · Questions? Write to ${supportAddress}`
  const textParts = [...request.paragraphs]
  if (request.action) textParts.push(`${request.action.label}: ${request.action.url}`)
  const text = `${textParts.join('\n\n')}\n\n-- \n${footer}\n`
  const paragraphsHtml = request.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')
  const actionHtml = request.action
    ? `<p><a href="${escapeHtml(request.action.url)}">${escapeHtml(request.action.label)}</a></p>\n<p style="color:#4b5563;font-size:13px">${escapeHtml(request.action.url)}</p>`
    : ''
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827;max-width:560px">
<p style="font-weight:600">BrokerVault</p>
${paragraphsHtml}
${actionHtml}
<hr style="border:none;border-top:1px solid #d8dde5">
<p style="color:#4b5563;font-size:13px">BrokerVault · Questions? Write to <a href="mailto:${escapeHtml(supportAddress)}">${escapeHtml(supportAddress)}</a></p>
</body></html>
`
  return {
    to: request.to,
    subject: request.subject,
    text,
    html,
    attachments: request.attachments ?? [],
    ...(request.headers ? { headers: request.headers } : {}),
  }
}

/** The first http(s) link of a text, for the outbox log line. */
export function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null
}
