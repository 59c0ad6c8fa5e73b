/*
 * Decoding and cleaning text that arrives from outside (form bodies, query strings, paths).
 * Strict where the platform is lenient: the platform turns invalid UTF-8 into U+FFFD and
 * keeps NUL bytes, which Postgres refuses ("invalid byte sequence for encoding UTF8").
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const utf8 = new TextEncoder()

/** The text of `bytes`, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

const isHexDigit = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66))

/**
 * The WHATWG percent-decode: `%XX` becomes that byte, and a `%` not followed by two hex digits
 * stays as it is (as URLSearchParams does). The bytes may not be UTF-8: check with decodeUtf8.
 */
export function percentDecode(text: string): Uint8Array {
  const input = utf8.encode(text)
  const output = new Uint8Array(input.length)
  let length = 0
  for (let i = 0; i < input.length; i++) {
    const byte = input[i]!
    if (byte === 0x25 && isHexDigit(input[i + 1]) && isHexDigit(input[i + 2])) {
      output[length++] = parseInt(String.fromCharCode(input[i + 1]!, input[i + 2]!), 16)
      i += 2
    } else {
      output[length++] = byte
    }
  }
  return output.subarray(0, length)
}

/**
 * Parses `application/x-www-form-urlencoded` text (a body or a query string without its `?`)
 * like URLSearchParams, except that invalid UTF-8, raw or percent-encoded, gives null instead
 * of U+FFFD replacement characters.
 */
export function parseUrlEncoded(text: string): [string, string][] | null {
  const pairs: [string, string][] = []
  for (const sequence of text.split('&')) {
    if (sequence === '') continue
    const equals = sequence.indexOf('=')
    const rawName = equals === -1 ? sequence : sequence.slice(0, equals)
    const rawValue = equals === -1 ? '' : sequence.slice(equals + 1)
    const name = decodeUtf8(percentDecode(rawName.replaceAll('+', ' ')))
    const value = decodeUtf8(percentDecode(rawValue.replaceAll('+', ' ')))
    if (name === null || value === null) return null
    pairs.push([name, value])
  }
  return pairs
}

// Unicode "Cc": C0 controls (NUL included), DEL and the C1 controls. Tab, line feed and
// carriage return are what text areas legitimately send.
const CONTROL_CHARACTER = '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]'
const ANY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER)
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER, 'g')

/** Whether `text` holds a control character other than tab, line feed and carriage return. */
export function hasControlCharacters(text: string): boolean {
  return ANY_CONTROL_CHARACTER.test(text)
}

/** `text` without the control characters that hasControlCharacters finds. */
export function removeControlCharacters(text: string): string {
  return text.replace(EVERY_CONTROL_CHARACTER, '')
}
