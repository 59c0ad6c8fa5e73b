import Bowser from 'bowser'

/** Bowser's names where a shorter one is what people say. */
const BROWSER_NAMES: Record<string, string> = { 'Microsoft Edge': 'Edge', 'Samsung Internet for Android': 'Samsung Internet' }
const SYSTEM_NAMES: Record<string, string> = { macOS: 'Mac' }

/**
 * A signed-in device as a broker recognises it on /profile: "Chrome on Android", "Safari on
 * iPhone", "Edge on Windows", "Safari on Mac". The stored user-agent (user_sessions.device_info)
 * is parsed by bowser (MIT, no dependencies; ua-parser-js 2 is AGPL), which knows the many ways
 * browsers disguise themselves (Edge and Samsung Internet say "Chrome", Chrome on iOS "CriOS").
 * Anything it cannot read is an "Unknown device".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent?.trim()
  if (!text) return 'Unknown device'
  const parser = Bowser.getParser(text)
  const browserName = parser.getBrowserName()
  const browser = BROWSER_NAMES[browserName] ?? browserName
  const system = parser.getOSName()
  // iOS says which device it is: an iPhone or an iPad is what people call it.
  const device = system === 'iOS' || system === 'iPadOS' ? (parser.getPlatform().model ?? system) : (SYSTEM_NAMES[system] ?? system)
  if (browser && device) return `${browser} on ${device}`
  if (browser) return browser
  if (device) return `A browser on ${device}`
  return 'Unknown device'
}
