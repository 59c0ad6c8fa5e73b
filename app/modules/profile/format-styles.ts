import { formatNumber, type NumberStyle } from '#app/lib/format.ts'
import { formatExact, type ClockStyle } from '#app/lib/when.ts'
import { FORMAT_STYLES, type FormatStyle } from '#db/reference.ts'

/**
 * A broker's format style (profiles.format_style) in its two halves: how dates and times read
 * (lib/when.ts) and which marks numbers use (lib/format.ts). One choice on the profile, since a
 * broker thinks of "how we write dates and numbers here", not of four separate switches.
 */
export const FORMAT_STYLE_PARTS: Record<FormatStyle, { clock: ClockStyle; numbers: NumberStyle }> = {
  day_month: { clock: { monthFirst: false, hour12: false }, numbers: { group: ',', decimal: '.' } },
  month_day: { clock: { monthFirst: true, hour12: true }, numbers: { group: ',', decimal: '.' } },
  day_month_comma: { clock: { monthFirst: false, hour12: false }, numbers: { group: '.', decimal: ',' } },
  // A no-break space: "1 234,50" never wraps inside the number.
  day_month_space: { clock: { monthFirst: false, hour12: false }, numbers: { group: '\u00a0', decimal: ',' } },
}

export const DEFAULT_FORMAT_STYLE: FormatStyle = 'day_month'

export const isFormatStyle = (value: unknown): value is FormatStyle => (FORMAT_STYLES as readonly unknown[]).includes(value)

/** The parts of a stored style, the default's for anything unknown. */
export const formatStyleParts = (style: string | null | undefined) => FORMAT_STYLE_PARTS[isFormatStyle(style) ? style : DEFAULT_FORMAT_STYLE]

// A sample moment and number for the select's labels: the broker picks what they see.
const SAMPLE_MOMENT = new Date(Date.UTC(2026, 10, 26, 14, 10))
const SAMPLE_NUMBER = 1234567.89

/** "Thu 26 Nov 2026, 14:10 · 1,234,567.89": each style shown by example. */
export function formatStyleLabel(style: FormatStyle) {
  const { clock, numbers } = FORMAT_STYLE_PARTS[style]
  return `${formatExact(SAMPLE_MOMENT, 'UTC', clock)} · ${formatNumber(SAMPLE_NUMBER, numbers)}`
}
