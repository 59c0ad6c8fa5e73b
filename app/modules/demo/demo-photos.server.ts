import type sharpModule from 'sharp'
import { lazyModule } from '#app/lib/lazy-module.server.ts'

const sharp = lazyModule<typeof sharpModule>('sharp')

/**
 * Demo photos drawn at seed time: an SVG scene (sky, light, a façade, a room, fields or the
 * sea) rendered by sharp into a JPEG, which then goes through the media module's upload path
 * like any broker's photo. Nothing binary is shipped; the same scene and variant always give
 * the same picture.
 */
export const DEMO_SCENES = ['facade', 'living', 'bedroom', 'kitchen', 'terrace', 'office', 'warehouse', 'shopfront', 'field', 'coast'] as const
export type DemoScene = (typeof DEMO_SCENES)[number]

export const DEMO_PHOTO_WIDTH = 1024
export const DEMO_PHOTO_HEIGHT = 683

/** A small deterministic generator (mulberry32), so each photo is the same at every seed. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Palette = { wall: string; accent: string; trim: string; floor: string; skyTop: string; skyLow: string }

const PALETTES: Palette[] = [
  { wall: '#f1e3c8', accent: '#c8553d', trim: '#ffffff', floor: '#b98b5e', skyTop: '#5b9bd5', skyLow: '#dcecf7' },
  { wall: '#e9edf0', accent: '#2f6690', trim: '#f7f7f2', floor: '#a67c52', skyTop: '#4a90c2', skyLow: '#f3e9d2' },
  { wall: '#f6d6c2', accent: '#3a7d44', trim: '#fffaf0', floor: '#c49a6c', skyTop: '#6aa9d8', skyLow: '#fbe3c4' },
  { wall: '#fbf3e4', accent: '#1d3557', trim: '#e8e8e8', floor: '#8d6748', skyTop: '#3f7cac', skyLow: '#e6f0f5' },
  { wall: '#e7d8f0', accent: '#6d597a', trim: '#ffffff', floor: '#b08968', skyTop: '#7fb3e0', skyLow: '#fde8d7' },
]

// The scenes are drawn on a 1280 × 854 canvas (3:2) and rendered at the photo's size.
const W = 1280
const H = 854

function sky(p: Palette, horizon: number, rnd: () => number) {
  const sunX = Math.round(200 + rnd() * (W - 400))
  const clouds = Array.from({ length: 4 }, () => {
    const x = Math.round(rnd() * W)
    const y = Math.round(40 + rnd() * horizon * 0.45)
    const w = Math.round(120 + rnd() * 200)
    return `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${Math.round(w / 5)}" fill="#ffffff" opacity="0.55"/>`
  }).join('')
  return `
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyLow}"/></linearGradient>
      <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.4" stop-color="#fff1b8" stop-opacity="0.8"/><stop offset="1" stop-color="#fff1b8" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="${horizon}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${Math.round(horizon * 0.3)}" r="170" fill="url(#sun)"/>
    ${clouds}`
}

function windowsGrid(x: number, y: number, cols: number, rows: number, w: number, h: number, gapX: number, gapY: number, p: Palette, rnd: () => number) {
  let out = ''
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + c * (w + gapX)
      const wy = y + r * (h + gapY)
      const lit = rnd() > 0.7 ? '#ffe9a8' : '#9fc3dc'
      out += `<rect x="${wx - 6}" y="${wy - 6}" width="${w + 12}" height="${h + 12}" fill="${p.trim}"/>`
      out += `<rect x="${wx}" y="${wy}" width="${w}" height="${h}" fill="${lit}"/>`
      out += `<line x1="${wx + w / 2}" y1="${wy}" x2="${wx + w / 2}" y2="${wy + h}" stroke="${p.trim}" stroke-width="4"/>`
      out += `<rect x="${wx - 10}" y="${wy + h + 6}" width="${w + 20}" height="8" fill="${p.accent}" opacity="0.8"/>`
    }
  }
  return out
}

function facade(p: Palette, rnd: () => number) {
  const horizon = 700
  const floors = 3 + Math.floor(rnd() * 3)
  const left = 180 + Math.round(rnd() * 80)
  const width = W - left * 2
  const top = horizon - floors * 120 - 40
  return `${sky(p, horizon, rnd)}
    <rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#9a958c"/>
    <rect x="0" y="${horizon + 40}" width="${W}" height="${H - horizon - 40}" fill="#6f6b66"/>
    <rect x="${left - 140}" y="${top + 80}" width="140" height="${horizon - top - 80}" fill="#d9cfc1"/>
    <rect x="${left + width}" y="${top + 60}" width="160" height="${horizon - top - 60}" fill="#cdd6dd"/>
    <rect x="${left}" y="${top}" width="${width}" height="${horizon - top}" fill="${p.wall}"/>
    <polygon points="${left - 20},${top} ${left + width / 2},${top - 70} ${left + width + 20},${top}" fill="${p.accent}"/>
    ${windowsGrid(left + 60, top + 50, 5, floors, 90, 70, (width - 120 - 450) / 4, 50, p, rnd)}
    <rect x="${left + width / 2 - 55}" y="${horizon - 150}" width="110" height="150" fill="${p.accent}"/>
    <circle cx="${left + width / 2 + 30}" cy="${horizon - 75}" r="6" fill="#f2d16b"/>
    <rect x="${left + 30}" y="${horizon - 30}" width="${width - 60}" height="30" fill="#3d7a3a" opacity="0.7"/>`
}

function room(p: Palette, rnd: () => number, furniture: string) {
  const floorY = 560
  const winX = 150 + Math.round(rnd() * 250)
  return `
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.wall}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor}"/><stop offset="1" stop-color="#5e4630"/></linearGradient>
      <linearGradient id="view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyLow}"/></linearGradient>
      <linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff8dc" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8dc" stop-opacity="0"/></linearGradient>
    </defs>
    <rect width="${W}" height="${floorY}" fill="url(#wall)"/>
    <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 160}" y1="${floorY}" x2="${i * 160 - 200}" y2="${H}" stroke="#4a3626" stroke-opacity="0.25" stroke-width="3"/>`).join('')}
    <rect x="${winX - 14}" y="96" width="408" height="388" fill="${p.trim}"/>
    <rect x="${winX}" y="110" width="380" height="360" fill="url(#view)"/>
    <rect x="${winX}" y="370" width="380" height="100" fill="#7fa36b" opacity="0.8"/>
    <line x1="${winX + 190}" y1="110" x2="${winX + 190}" y2="470" stroke="${p.trim}" stroke-width="10"/>
    <polygon points="${winX},470 ${winX + 380},470 ${winX + 620},${H} ${winX - 120},${H}" fill="url(#light)"/>
    ${furniture}`
}

function living(p: Palette, rnd: () => number) {
  const x = 700 + Math.round(rnd() * 120)
  return room(
    p,
    rnd,
    `<rect x="${x}" y="430" width="420" height="150" rx="24" fill="${p.accent}"/>
     <rect x="${x}" y="380" width="420" height="90" rx="24" fill="${p.accent}" opacity="0.85"/>
     <rect x="${x + 30}" y="400" width="110" height="70" rx="14" fill="${p.trim}" opacity="0.8"/>
     <ellipse cx="${x - 120}" cy="650" rx="260" ry="60" fill="${p.trim}" opacity="0.5"/>
     <rect x="${x - 220}" y="560" width="200" height="24" rx="6" fill="#5a4632"/>
     <rect x="${x + 460}" y="300" width="14" height="290" fill="#333"/><ellipse cx="${x + 467}" cy="290" rx="50" ry="30" fill="#f5e6b8"/>
     <rect x="${x - 40}" y="160" width="260" height="170" fill="#ffffff" stroke="#444" stroke-width="8"/><rect x="${x - 20}" y="180" width="220" height="130" fill="${p.skyLow}"/><circle cx="${x + 120}" cy="230" r="30" fill="${p.accent}" opacity="0.6"/>`,
  )
}

function bedroom(p: Palette, rnd: () => number) {
  const x = 660 + Math.round(rnd() * 100)
  return room(
    p,
    rnd,
    `<rect x="${x}" y="300" width="460" height="160" rx="12" fill="#6b4f3a"/>
     <rect x="${x - 10}" y="440" width="480" height="170" rx="16" fill="#ffffff"/>
     <rect x="${x - 10}" y="520" width="480" height="90" rx="10" fill="${p.accent}" opacity="0.75"/>
     <rect x="${x + 40}" y="400" width="150" height="60" rx="20" fill="#f4efe6"/><rect x="${x + 270}" y="400" width="150" height="60" rx="20" fill="#f4efe6"/>
     <rect x="${x - 130}" y="470" width="100" height="120" fill="#7a5c43"/><ellipse cx="${x - 80}" cy="440" rx="40" ry="28" fill="#f5e6b8"/>`,
  )
}

function kitchen(p: Palette, rnd: () => number) {
  const top = 380 + Math.round(rnd() * 30)
  const cabinets = Array.from({ length: 6 }, (_, i) => `<rect x="${620 + i * 105}" y="${top + 30}" width="95" height="160" fill="${p.trim}" stroke="#c9c2b8" stroke-width="3"/>`).join('')
  const uppers = Array.from({ length: 5 }, (_, i) => `<rect x="${650 + i * 120}" y="120" width="110" height="150" fill="${p.accent}" opacity="0.85"/>`).join('')
  return room(
    p,
    rnd,
    `${uppers}<rect x="600" y="${top}" width="660" height="34" fill="#d6d3ce"/>${cabinets}
     <rect x="300" y="${top + 120}" width="260" height="40" fill="#e0ddd7"/><rect x="330" y="${top + 160}" width="18" height="170" fill="#444"/><rect x="510" y="${top + 160}" width="18" height="170" fill="#444"/>`,
  )
}

function terrace(p: Palette, rnd: () => number) {
  const horizon = 470
  return `${sky(p, horizon, rnd)}
    <rect y="${horizon}" width="${W}" height="80" fill="#3c7fb0"/>
    <path d="M0 ${horizon + 10} Q 320 ${horizon - 60} 640 ${horizon + 5} T ${W} ${horizon}" fill="#7d9a6a" opacity="0.8"/>
    <rect y="${horizon + 80}" width="${W}" height="${H - horizon - 80}" fill="#d8c3a5"/>
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 120}" y1="${horizon + 80}" x2="${i * 120 - 300}" y2="${H}" stroke="#b79f7f" stroke-width="3"/>`).join('')}
    <rect y="${horizon + 40}" width="${W}" height="12" fill="#ffffff"/>
    ${Array.from({ length: 26 }, (_, i) => `<rect x="${i * 50}" y="${horizon + 40}" width="6" height="60" fill="#ffffff"/>`).join('')}
    <rect x="760" y="640" width="300" height="18" fill="${p.trim}"/><rect x="780" y="658" width="12" height="90" fill="#666"/><rect x="1030" y="658" width="12" height="90" fill="#666"/>
    <rect x="700" y="600" width="60" height="120" rx="8" fill="${p.accent}"/><rect x="1080" y="600" width="60" height="120" rx="8" fill="${p.accent}"/>
    <polygon points="910,300 1110,400 710,400" fill="${p.accent}" opacity="0.9"/><rect x="905" y="400" width="10" height="240" fill="#555"/>
    <circle cx="180" cy="640" r="70" fill="#3f7d3a"/><rect x="140" y="660" width="80" height="90" fill="#b5651d"/>`
}

function office(p: Palette, rnd: () => number) {
  const desks = Array.from({ length: 4 }, (_, i) => {
    const x = 120 + i * 290
    return `<rect x="${x}" y="560" width="230" height="20" fill="#e8e4dc"/><rect x="${x + 10}" y="580" width="10" height="130" fill="#555"/><rect x="${x + 210}" y="580" width="10" height="130" fill="#555"/>
      <rect x="${x + 70}" y="480" width="100" height="70" fill="#2b2d42"/><rect x="${x + 110}" y="550" width="20" height="12" fill="#444"/>
      <rect x="${x + 80}" y="620" width="80" height="90" rx="12" fill="${p.accent}" opacity="${0.7 + rnd() * 0.3}"/>`
  }).join('')
  const glazing = Array.from({ length: 8 }, (_, i) => `<rect x="${i * 165 + 10}" y="60" width="150" height="380" fill="url(#view)"/>`).join('')
  return `
    <defs><linearGradient id="view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyLow}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="#dfe3e6"/>${glazing}
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${60 + i * 210}" y="${260 - ((i * 53) % 120)}" width="120" height="${200 + ((i * 53) % 120)}" fill="#8a9aa8" opacity="0.7"/>`).join('')}
    <rect y="440" width="${W}" height="${H - 440}" fill="#9b9d9f"/>${desks}`
}

function warehouse(p: Palette, rnd: () => number) {
  const horizon = 640
  return `${sky(p, horizon, rnd)}
    <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#7b7b78"/>
    <rect x="140" y="300" width="1000" height="340" fill="#c7ccd1"/>
    ${Array.from({ length: 25 }, (_, i) => `<line x1="${140 + i * 40}" y1="300" x2="${140 + i * 40}" y2="640" stroke="#aab1b8" stroke-width="4"/>`).join('')}
    <polygon points="120,300 640,210 1160,300" fill="#8e99a4"/>
    <rect x="240" y="450" width="220" height="190" fill="#566573"/><rect x="540" y="450" width="220" height="190" fill="#566573"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="240" y1="${465 + i * 20}" x2="460" y2="${465 + i * 20}" stroke="#6c7a89" stroke-width="3"/><line x1="540" y1="${465 + i * 20}" x2="760" y2="${465 + i * 20}" stroke="#6c7a89" stroke-width="3"/>`).join('')}
    <rect x="860" y="520" width="80" height="120" fill="${p.accent}"/><rect x="200" y="330" width="880" height="40" fill="${p.accent}" opacity="0.85"/>
    <rect x="960" y="560" width="170" height="80" fill="#f2f2f2"/><rect x="1060" y="530" width="70" height="40" fill="#f2f2f2"/><circle cx="1000" cy="645" r="18" fill="#222"/><circle cx="1100" cy="645" r="18" fill="#222"/>`
}

function shopfront(p: Palette, rnd: () => number) {
  const horizon = 720
  return `${sky(p, 200, rnd)}
    <rect y="120" width="${W}" height="${horizon - 120}" fill="${p.wall}"/>
    ${windowsGrid(140, 170, 4, 1, 160, 120, 140, 0, p, rnd)}
    <rect x="80" y="380" width="1120" height="70" fill="${p.accent}"/>
    <rect x="120" y="470" width="460" height="250" fill="#bfd7e5"/><rect x="700" y="470" width="460" height="250" fill="#bfd7e5"/>
    <rect x="590" y="470" width="100" height="250" fill="#5d4037"/>
    <rect x="160" y="600" width="120" height="90" fill="${p.trim}" opacity="0.8"/><rect x="320" y="560" width="90" height="130" fill="${p.accent}" opacity="0.5"/>
    <rect x="760" y="590" width="160" height="100" fill="${p.trim}" opacity="0.8"/>
    <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#d9d4c7"/>
    ${Array.from({ length: 40 }, (_, i) => `<rect x="${(i % 20) * 64 + (Math.floor(i / 20) % 2) * 32}" y="${horizon + 20 + Math.floor(i / 20) * 60}" width="56" height="50" fill="${i % 3 === 0 ? '#2b2b2b' : '#f1ede4'}" opacity="0.5"/>`).join('')}`
}

function field(p: Palette, rnd: () => number) {
  const horizon = 420 + Math.round(rnd() * 60)
  const trees = Array.from({ length: 7 }, () => {
    const x = Math.round(rnd() * W)
    const y = horizon + 40 + Math.round(rnd() * 260)
    const s = 30 + (y - horizon) / 5
    return `<rect x="${x - 6}" y="${y}" width="12" height="${s}" fill="#5b4636"/><ellipse cx="${x}" cy="${y - s / 3}" rx="${s * 1.4}" ry="${s}" fill="#4f7a3a"/>`
  }).join('')
  return `${sky(p, horizon, rnd)}
    <path d="M0 ${horizon} Q 300 ${horizon - 90} 640 ${horizon - 20} T ${W} ${horizon - 30} V ${horizon + 40} H 0 Z" fill="#8aa86b"/>
    <rect y="${horizon + 20}" width="${W}" height="${H - horizon}" fill="#c9b36b"/>
    ${Array.from({ length: 12 }, (_, i) => `<path d="M ${W / 2} ${horizon + 20} L ${i * 130 - 200} ${H}" stroke="#a8914f" stroke-width="6" opacity="0.6"/>`).join('')}
    <path d="M 0 ${H - 120} Q 400 ${horizon + 120} 900 ${horizon + 60}" stroke="#e6d8b0" stroke-width="24" fill="none"/>
    ${trees}`
}

function coast(p: Palette, rnd: () => number) {
  const horizon = 420
  return `${sky(p, horizon, rnd)}
    <defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f6f9f"/><stop offset="1" stop-color="#5fb3c9"/></linearGradient></defs>
    <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>
    ${Array.from({ length: 14 }, () => `<rect x="${Math.round(rnd() * W)}" y="${horizon + 20 + Math.round(rnd() * 200)}" width="${60 + Math.round(rnd() * 80)}" height="4" fill="#ffffff" opacity="0.5"/>`).join('')}
    <path d="M0 ${H} L0 ${horizon + 200} Q 300 ${horizon + 160} 560 ${horizon + 260} T ${W} ${horizon + 300} V ${H} Z" fill="#e8d5a9"/>
    <path d="M${W} ${horizon - 10} L 900 ${horizon - 10} Q 1000 ${horizon - 80} ${W} ${horizon - 120} Z" fill="#a4875f"/>
    ${Array.from({ length: 4 }, (_, i) => `<rect x="${80 + i * 120}" y="${horizon + 190 - i * 10}" width="90" height="${70 + i * 10}" fill="${i % 2 ? p.wall : '#ffffff'}"/><polygon points="${75 + i * 120},${horizon + 190 - i * 10} ${125 + i * 120},${horizon + 160 - i * 10} ${175 + i * 120},${horizon + 190 - i * 10}" fill="${p.accent}"/>`).join('')}`
}

const SCENES: Record<DemoScene, (p: Palette, rnd: () => number) => string> = {
  facade,
  living,
  bedroom,
  kitchen,
  terrace,
  office,
  warehouse,
  shopfront,
  field,
  coast,
}

/** The SVG of one demo photo; `seed` picks the palette and the small variations. */
export function demoPhotoSvg(scene: DemoScene, seed: number) {
  const rnd = random(seed * 7919 + DEMO_SCENES.indexOf(scene) * 104729)
  const palette = PALETTES[seed % PALETTES.length] as Palette
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}" viewBox="0 0 ${W} ${H}">${SCENES[scene](palette, rnd)}</svg>`
}

/** The demo photo as a JPEG, as a camera or phone would hand it to the upload form. */
export async function renderDemoPhoto(scene: DemoScene, seed: number): Promise<Buffer> {
  return sharp()(Buffer.from(demoPhotoSvg(scene, seed)))
    .jpeg({ quality: 86 })
    .toBuffer()
}
