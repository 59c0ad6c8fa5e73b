/**
 * vCard 4.0 (RFC 6350) text, written and read by hand (docs/decisions/019-formats.md): a client
 * needs a dozen properties, and the rules that matter are few: text values escape backslash,
 * comma, semicolon and line breaks (§3.4); lines are folded at 75 octets with CRLF and one
 * space (§3.2), never inside a UTF-8 character; reading unfolds first, then splits.
 */

export type VcardProperty = { name: string; params: Record<string, string>; value: string }

export const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n')

/** The list of a value ("a\,b,c" → ["a,b", "c"]): splits at separators that are not escaped, then unescapes. */
export function splitValue(value: string, separator: ',' | ';'): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!
    if (char === '\\' && i + 1 < value.length) {
      current += char + value[i + 1]
      i++
    } else if (char === separator) {
      parts.push(unescapeText(current))
      current = ''
    } else current += char
  }
  parts.push(unescapeText(current))
  return parts
}

export const unescapeText = (text: string) => text.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))

const encoder = new TextEncoder()

/** One content line folded at 75 octets (the first line; each continuation's leading space counts too). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return `${line}\r\n`
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    const room = out.length === 0 ? 75 : 74
    if (octets + size > room) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  out.push(current)
  return `${out.join('\r\n ')}\r\n`
}

/** A card from its properties (each value already escaped as its property needs). */
export function writeCard(properties: [name: string, value: string][]): string {
  return ['BEGIN:VCARD', 'VERSION:4.0', ...properties.map(([name, value]) => `${name}:${value}`), 'END:VCARD'].map(foldLine).join('')
}

/** The cards of a file: their properties (group prefixes and VERSION dropped, names upper case). */
export function readCards(text: string): VcardProperty[][] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n[ \t]|\n[ \t]|\r[ \t]/g, '').split(/\r\n|\n|\r/)
  const cards: VcardProperty[][] = []
  let card: VcardProperty[] | null = null
  for (const line of lines) {
    if (!line.trim()) continue
    const property = parseLine(line)
    if (!property) continue
    if (property.name === 'BEGIN' && property.value.toUpperCase() === 'VCARD') card = []
    else if (property.name === 'END' && property.value.toUpperCase() === 'VCARD') {
      if (card) cards.push(card)
      card = null
    } else if (card && property.name !== 'VERSION') card.push(property)
  }
  return cards
}

/** "item1.TEL;TYPE=cell;VALUE=text:+351 910" → { name: 'TEL', params: { TYPE: 'cell', VALUE: 'text' }, value: '+351 910' } */
function parseLine(line: string): VcardProperty | null {
  let quoted = false
  let colon = -1
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted
    else if (line[i] === ':' && !quoted) {
      colon = i
      break
    }
  }
  if (colon === -1) return null
  const [nameWithGroup = '', ...paramParts] = line.slice(0, colon).split(';')
  const params: Record<string, string> = {}
  for (const part of paramParts) {
    const eq = part.indexOf('=')
    if (eq > 0) params[part.slice(0, eq).toUpperCase()] = part.slice(eq + 1).replace(/^"|"$/g, '')
  }
  return { name: nameWithGroup.split('.').pop()!.toUpperCase(), params, value: line.slice(colon + 1) }
}
