import { open } from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'

/** What a file is, decided from its bytes; never from its name or the browser's Content-Type. */
export type FileKind = { mime: string; ext: string }

const PHOTO_MIME_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
/**
 * iPhone photos. The image library bundled with sharp decodes HEIF only when it holds AV1
 * (HEVC is patent-encumbered), so these are tried and refused with advice when they fail.
 */
const HEIF_MIME_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

/** Stored and downloaded as they are, never decoded on the server. */
const DOCUMENT_MIME_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/tiff',
  ...PHOTO_MIME_TYPES,
  ...HEIF_MIME_TYPES,
])

// Image signatures all sit in the first bytes (AVIF/HEIF: the ftyp box).
const PHOTO_SNIFF_BYTES = 64 * 1024

export async function detectPhotoKind(filePath: string): Promise<FileKind | null> {
  const file = await open(filePath)
  try {
    const head = new Uint8Array(PHOTO_SNIFF_BYTES)
    const { bytesRead } = await file.read(head, 0, PHOTO_SNIFF_BYTES, 0)
    const kind = await fileTypeFromBuffer(head.subarray(0, bytesRead))
    return kind && (PHOTO_MIME_TYPES.has(kind.mime) || HEIF_MIME_TYPES.has(kind.mime)) ? kind : null
  } finally {
    await file.close()
  }
}

export function isHeif(kind: FileKind) {
  return HEIF_MIME_TYPES.has(kind.mime)
}

/**
 * PDF, Word, Excel, PowerPoint (current and legacy) or an image. file-type reads the zip
 * entries of docx/xlsx/pptx and names them; a plain zip (or a macro-enabled file) is refused.
 */
export async function detectDocumentKind(bytes: Uint8Array): Promise<FileKind | null> {
  const kind = await fileTypeFromBuffer(bytes)
  if (!kind) return null
  if (kind.ext === 'cfb') return detectLegacyOfficeKind(bytes)
  return DOCUMENT_MIME_TYPES.has(kind.mime) ? { mime: kind.mime, ext: kind.ext } : null
}

/**
 * doc, xls and ppt are all Compound File Binary containers, as are .msi installers and .msg
 * mails: file-type can only say 'cfb'. Their main stream's name tells them apart. PowerPoint
 * and Word come first because they often embed Excel charts (a Workbook stream deeper down).
 */
const LEGACY_OFFICE_STREAMS: [stream: string, kind: FileKind][] = [
  ['PowerPoint Document', { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' }],
  ['WordDocument', { mime: 'application/msword', ext: 'doc' }],
  ['Workbook', { mime: 'application/vnd.ms-excel', ext: 'xls' }],
  ['Book', { mime: 'application/vnd.ms-excel', ext: 'xls' }],
]

function detectLegacyOfficeKind(bytes: Uint8Array): FileKind | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return LEGACY_OFFICE_STREAMS.find(([stream]) => hasCfbStream(buffer, stream))?.[1] ?? null
}

const CFB_HEADER_BYTES = 512
const CFB_DIRECTORY_ENTRY_BYTES = 128
const CFB_STREAM_OBJECT = 2

/**
 * Looks for a directory entry naming the stream. Sectors follow the 512-byte header and are a
 * multiple of 128 bytes, so every entry starts at a multiple of 128: its UTF-16LE name, the
 * name's byte length (terminator included) at 0x40 and the object type at 0x42.
 */
function hasCfbStream(buffer: Buffer, stream: string) {
  const name = Buffer.from(`${stream}\0`, 'utf16le')
  for (let entry = CFB_HEADER_BYTES; entry + CFB_DIRECTORY_ENTRY_BYTES <= buffer.length; entry += CFB_DIRECTORY_ENTRY_BYTES) {
    if (
      buffer.readUInt16LE(entry + 0x40) === name.length &&
      buffer[entry + 0x42] === CFB_STREAM_OBJECT &&
      buffer.subarray(entry, entry + name.length).equals(name)
    ) {
      return true
    }
  }
  return false
}
