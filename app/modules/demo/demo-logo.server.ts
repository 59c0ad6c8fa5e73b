import type sharpModule from 'sharp'
import { lazyModule } from '#app/lib/lazy-module.server.ts'

const sharp = lazyModule<typeof sharpModule>('sharp')

/**
 * The demo agency's logo, drawn at seed time as the demo photos are (demo-photos.server.ts): a
 * roof over three waves beside a bar of sea, on a transparent background, as a PNG an agency
 * would upload. No text: the agency's name is written beside its logo on every page, and
 * drawing letters would depend on the fonts of the machine.
 */
export function demoLogoSvg() {
  const waves = [0, 1, 2]
    .map((i) => `<path d="M40 ${150 + i * 26} q 20 -16 40 0 t 40 0 t 40 0 t 40 0" fill="none" stroke="#1f6f9f" stroke-width="9" stroke-linecap="round" opacity="${1 - i * 0.25}"/>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240">
    <rect x="14" y="14" width="212" height="212" rx="44" fill="#0b4f6c"/>
    <path d="M52 116 L120 56 L188 116" fill="none" stroke="#f4d35e" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="102" y="94" width="36" height="26" fill="#f4d35e"/>
    ${waves}
    <rect x="250" y="66" width="200" height="26" rx="13" fill="#0b4f6c"/>
    <rect x="250" y="110" width="160" height="20" rx="10" fill="#1f6f9f"/>
    <rect x="250" y="148" width="120" height="20" rx="10" fill="#5fb3c9"/>
  </svg>`
}

export async function renderDemoLogo(): Promise<Buffer> {
  return sharp()(Buffer.from(demoLogoSvg())).png().toBuffer()
}
