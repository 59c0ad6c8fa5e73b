import type QRCode from 'qrcode'
import { lazyModule } from '#app/lib/lazy-module.server.ts'

const qrcode = lazyModule<typeof QRCode>('qrcode')

/**
 * A QR code of a URL as an SVG string, drawn on the server (no script on the page, prints
 * sharp at any size). Level M survives a smudge on paper; the 4-module quiet zone is what
 * scanners expect around the code.
 */
export function qrCodeSvg(url: string): Promise<string> {
  return qrcode().toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}
