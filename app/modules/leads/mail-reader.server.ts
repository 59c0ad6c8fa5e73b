import { convert as convertHtml, type HtmlToTextOptions } from 'html-to-text'
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser'
import { removeControlCharacters } from '#app/lib/untrusted-text.ts'
import { findEmail, singleLine } from './contact.ts'
import { URL_IN_TEXT } from './mail-rules.ts'

/*
 * A raw RFC 822 message, from anyone, read into what a lead needs (mailparser): headers decoded,
 * the text (HTML-only mail turned into text with html-to-text, scripts and styles left out,
 * within limits of size and nesting), the attachments' names, and the vCards among them. Nothing from a mail is ever kept or shown as
 * HTML: the readable original is plain text. Attachments are never unpacked or kept (a zip is
 * only a name and a size here). A message mailparser refuses (too many parts, a header block
 * past its limit) is still read, as text: a lead that cannot be parsed still lands.
 */

/** The readable original kept with the lead (the database allows 100,000 characters). */
export const MAX_ORIGINAL_TEXT_CHARS = 100_000
/** The raw source kept with the lead, in bytes of UTF-8 (the database allows 262,144). */
export const MAX_RAW_MESSAGE_BYTES = 256 * 1024
/** A vCard larger than this is no contact card. */
const MAX_VCARD_BYTES = 64 * 1024
const MAX_VCARDS = 3
/** Attachments named in the readable original; the rest are counted. */
const MAX_LISTED_ATTACHMENTS = 20
/** HTML beyond this size or nesting is not converted; a crude strip keeps its words. */
const MAX_HTML_TO_CONVERT = 2_000_000
const MAX_HTML_DEPTH = 400

/**
 * HTML-only mail as text (html-to-text): scripts, styles and images dropped, tables as rows of
 * cells ("Name:   Ana Silva", the shape labelled lines are read in), lines never wrapped.
 */
const HTML_TO_TEXT: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'template', format: 'skip' },
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, noAnchorUrl: true } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 500 } },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
  ],
  limits: { maxInputLength: MAX_HTML_TO_CONVERT, maxDepth: MAX_HTML_DEPTH, ellipsis: ' …' },
}

export type ReadMail = {
  /** False when mailparser refused the message: the fields below then come from the raw text. */
  parsed: boolean
  subject: string | null
  from: { name: string | null; address: string | null } | null
  replyTo: { name: string | null; address: string | null } | null
  /** "Ana Silva <ana@example.com>": the From header as one line. */
  fromLine: string | null
  messageId: string | null
  /** The Message-IDs it answers ("<id@host>"), each one line: an answer to our reply names it here. */
  inReplyTo: string | null
  references: string[]
  date: Date | null
  /** Every address the message was delivered or addressed to (envelope headers first), lower case. */
  recipients: string[]
  /** The body as plain text. */
  text: string
  /** HTML as sent (only read for links; never kept or shown). */
  html: string
  vcards: string[]
  attachmentCount: number
  /** The original as a person reads it: the main headers, the text, the attachments' names. */
  readable: string
}

const ENVELOPE_HEADERS = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to', 'x-forwarded-to', 'x-rcpt-to']

const addressesOf = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.flatMap((address) => [address, ...(address.group ?? [])]).map((address) => address.address?.toLowerCase() ?? ''),
  )

const firstAddress = (value: AddressObject | undefined) => {
  const address = value?.value[0]
  if (!address) return null
  return { name: singleLine(address.name, 200), address: address.address ? address.address.toLowerCase() : null }
}

function headerStrings(mail: ParsedMail, name: string): string[] {
  const value = mail.headers.get(name)
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).map((item) => (typeof item === 'string' ? item : typeof item === 'object' && item && 'text' in item ? String(item.text) : ''))
}

function recipientsOf(mail: ParsedMail): string[] {
  const envelope = ENVELOPE_HEADERS.flatMap((name) => headerStrings(mail, name)).map((value) => findEmail(value) ?? '')
  return unique([...envelope, ...addressesOf(mail.to), ...addressesOf(mail.cc)].filter(Boolean))
}

const isVcard = (attachment: Attachment) =>
  (['text/vcard', 'text/x-vcard', 'text/directory'].includes(attachment.contentType.toLowerCase()) || /\.vcf$/i.test(attachment.filename ?? '')) &&
  attachment.size <= MAX_VCARD_BYTES

/** Reads the message; never throws for what a mail holds. */
export async function readMail(raw: Buffer): Promise<ReadMail> {
  let mail: ParsedMail
  try {
    mail = await simpleParser(raw, {
      // HTML is turned into text below, with scripts and styles left out.
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
      keepCidLinks: true,
      checksumAlgo: false,
      // Limits on hostile structure: a message of a thousand parts or megabytes of headers is refused
      // by mailparser, and read as plain text below.
      maxChildNodes: 200,
      maxHeadSize: 256 * 1024,
    })
  } catch {
    return readUnparsed(raw)
  }
  const html = typeof mail.html === 'string' ? mail.html : ''
  const text = plainText(mail.text?.trim() ? mail.text : html ? htmlAsText(html) : '')
  const attachments = mail.attachments
  // No header a mail has and no body: the bytes were no message (all of them read as headers).
  if (!mail.from && !mail.subject && !mail.to && !mail.date && !text.trim() && attachments.length === 0) return readUnparsed(raw)
  const vcards = attachments
    .filter(isVcard)
    .slice(0, MAX_VCARDS)
    .map((attachment) => attachment.content.toString('utf8'))
  const from = firstAddress(mail.from)
  const replyTo = firstAddress(mail.replyTo)
  const read: Omit<ReadMail, 'readable'> = {
    parsed: true,
    subject: singleLine(mail.subject, 998),
    from,
    replyTo,
    fromLine: singleLine(mail.from?.text, 998),
    messageId: singleLine(mail.messageId, 998),
    inReplyTo: messageIdsIn(mail.inReplyTo)[0] ?? null,
    references: messageIdsIn(mail.references),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    recipients: recipientsOf(mail),
    text,
    html,
    vcards,
    attachmentCount: attachments.length,
  }
  return { ...read, readable: readableOriginal(read, mail, attachments) }
}

function readableOriginal(read: Omit<ReadMail, 'readable'>, mail: ParsedMail, attachments: Attachment[]): string {
  const header = (name: string, value: string | null | undefined) => (value ? [`${name}: ${singleLine(value, 998)}`] : [])
  const head = [
    ...header('From', mail.from?.text),
    ...header('Reply-To', mail.replyTo?.text),
    ...header('To', addressText(mail.to)),
    ...header('Cc', addressText(mail.cc)),
    ...header('Date', read.date?.toISOString()),
    ...header('Subject', read.subject),
  ].join('\n')
  const listed = attachments.slice(0, MAX_LISTED_ATTACHMENTS).map(
    (attachment) => `- ${singleLine(attachment.filename, 200) ?? 'unnamed'} (${singleLine(attachment.contentType, 100) ?? 'unknown type'}, ${describeBytes(attachment.size)})`,
  )
  if (attachments.length > MAX_LISTED_ATTACHMENTS) listed.push(`- and ${attachments.length - MAX_LISTED_ATTACHMENTS} more`)
  const tail = listed.length ? `\n\nAttachments (not kept):\n${listed.join('\n')}` : ''
  // The body gives way: the headers and the attachments' names always fit.
  const room = Math.max(0, MAX_ORIGINAL_TEXT_CHARS - head.length - tail.length - 2)
  return clip(`${head}\n\n${clip(read.text, room)}${tail}`, MAX_ORIGINAL_TEXT_CHARS)
}

const addressText = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((group) => group.text).join(', ') || null

/** The message as text when mailparser could not read it: its first bytes, decoded leniently. */
function readUnparsed(raw: Buffer): ReadMail {
  const text = plainText(decodeLeniently(raw.subarray(0, MAX_ORIGINAL_TEXT_CHARS * 2)))
  const headerBlock = text.split(/\n\s*\n/, 1)[0] ?? ''
  const headerValue = (name: string) => new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, 'im').exec(headerBlock)?.[1] ?? null
  const fromLine = singleLine(headerValue('From'), 998)
  const recipients = unique(
    [...ENVELOPE_HEADERS, 'to', 'cc']
      .flatMap((name) => [...headerBlock.matchAll(new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, 'gim'))].map((match) => match[1] ?? ''))
      .flatMap((value) => value.split(/[,;]/).map((part) => findEmail(part) ?? ''))
      .filter(Boolean),
  )
  return {
    parsed: false,
    subject: singleLine(headerValue('Subject'), 998),
    from: fromLine ? { name: null, address: findEmail(fromLine) } : null,
    replyTo: null,
    fromLine,
    messageId: singleLine(headerValue('Message-ID'), 998),
    inReplyTo: messageIdsIn(headerValue('In-Reply-To'))[0] ?? null,
    references: messageIdsIn(headerValue('References')),
    date: null,
    recipients,
    text,
    html: '',
    vcards: [],
    attachmentCount: 0,
    readable: clip(text, MAX_ORIGINAL_TEXT_CHARS),
  }
}

/** The "<id>" tokens of a header (In-Reply-To, References), at most 50, each bounded. */
function messageIdsIn(value: string | string[] | undefined | null): string[] {
  const text = (Array.isArray(value) ? value.join(' ') : (value ?? '')).slice(0, 20_000)
  return unique(text.match(/<[^<>\s]{1,990}>/g) ?? []).slice(-50)
}

/** Bytes as UTF-8 where they are, replacement characters where they are not. */
export function decodeLeniently(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes)
}

/** The raw source to keep: at most MAX_RAW_MESSAGE_BYTES of UTF-8, cut at a character, no control characters. */
export function rawSourceToKeep(raw: Buffer): { text: string; truncated: boolean } {
  let text = plainText(decodeLeniently(raw.subarray(0, MAX_RAW_MESSAGE_BYTES)))
  let truncated = raw.length > MAX_RAW_MESSAGE_BYTES
  // A replacement character takes three bytes for the one it replaces: cut again by the encoded size.
  while (Buffer.byteLength(text) > MAX_RAW_MESSAGE_BYTES) {
    text = text.slice(0, Math.floor(text.length * 0.9))
    truncated = true
  }
  return { text, truncated }
}

/** Text with CRLF as LF and no control characters but tab and line feed (Postgres refuses NUL). */
function plainText(text: string): string {
  return removeControlCharacters(text.replace(/\r\n?/g, '\n'))
}

function htmlAsText(html: string): string {
  if (html.length > MAX_HTML_TO_CONVERT || htmlNestingDepth(html, MAX_HTML_DEPTH) > MAX_HTML_DEPTH) return stripHtml(html)
  try {
    // A link's address follows its words in brackets; one that runs script is no address to show.
    return convertHtml(html, HTML_TO_TEXT).replace(/\s*\[(?:javascript|vbscript|data):[^\]]*\]/gi, '')
  } catch {
    return stripHtml(html)
  }
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])

/** How deep elements nest (counted up to `stopAt`): deeper HTML is stripped, not converted. */
function htmlNestingDepth(html: string, stopAt: number): number {
  let depth = 0
  let deepest = 0
  for (const [, closing, name = '', selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    if (closing) depth = Math.max(0, depth - 1)
    else if (!selfClosing && !VOID_ELEMENTS.has(name.toLowerCase())) deepest = Math.max(deepest, ++depth)
    if (deepest > stopAt) break
  }
  return deepest
}

/**
 * HTML the converter is not given (beyond its size or nesting limits), as words: scripts and
 * styles dropped, tags removed, a few entities decoded. Only ever used as text.
 */
export function stripHtml(html: string): string {
  return html
    .slice(0, MAX_HTML_TO_CONVERT)
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
    .replace(/[ \t]+/g, ' ')
}

/** Web addresses in the text and the HTML's attributes (at most 500). */
export function linksOf(read: Pick<ReadMail, 'text' | 'html' | 'subject'>): string[] {
  const sources = [read.subject ?? '', read.text, read.html.replace(/&amp;/gi, '&')]
  const links = sources.flatMap((source) => source.slice(0, MAX_HTML_TO_CONVERT).match(URL_IN_TEXT) ?? [])
  return unique(links.map((link) => link.replace(/[.,;:!?]+$/, '')).filter((link) => link.length <= 2000)).slice(0, 500)
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const unique = <T>(items: T[]) => [...new Set(items)]
