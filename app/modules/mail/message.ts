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
  /** On mails to clients: who they come from, as the client pages' card says it. */
  signature?: MailSignature
}

/**
 * The agent's contact and, when it says more, the agency's (issue 26): lines of plain text in
 * both parts; the images (absolute URLs) in the HTML part only.
 */
export type MailSignature = {
  agent: string[]
  agency: string[]
  avatarUrl?: string | null
  logoUrl?: string | null
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

const LINE_STYLE = 'margin:0;font-size:14px'

/** The signature in HTML: the agency's logo and lines, then the agent's picture and lines. */
function signatureHtml(signature: MailSignature) {
  const lines = (lines: string[]) => lines.map((line, i) => `<p style="${LINE_STYLE}${i === 0 ? ';font-weight:600' : ''}">${escapeHtml(line)}</p>`).join('\n')
  // Decorative: the lines beside each image name the agency and the agent.
  const image = (url: string | null | undefined, style: string) => (url ? `<img src="${escapeHtml(url)}" alt="" height="48" style="${style}">\n` : '')
  const agent = `<div style="display:flex;gap:12px;align-items:center">\n${image(signature.avatarUrl, 'width:48px;height:48px;border-radius:50%;object-fit:cover')}<div>\n${lines(signature.agent)}\n</div>\n</div>`
  const agency = signature.agency.length
    ? `<div style="margin-bottom:12px">\n${image(signature.logoUrl, 'height:48px;width:auto;max-width:192px')}${lines(signature.agency)}\n</div>\n`
    : ''
  return `<div data-signature="" style="border-top:1px solid #d8dde5;padding-top:12px;margin-top:16px">\n${agency}${agent}\n</div>`
}

/** Every message carries the product name and where to get help, in both parts. */
export function renderMail(request: MailRequest, supportAddress: string): RenderedMail {
  const footer = `BrokerVault · Questions? Write to ${supportAddress}`
  const textParts = [...request.paragraphs]
  if (request.action) textParts.push(`${request.action.label}: ${request.action.url}`)
  if (request.signature) textParts.push(...[request.signature.agent, request.signature.agency].filter((lines) => lines.length).map((lines) => lines.join('\n')))
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
${request.signature ? signatureHtml(request.signature) : ''}
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
