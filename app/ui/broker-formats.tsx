import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { formatNumber, formatPrice } from '#app/lib/format.ts'
import { MINUTE_MS } from '#app/lib/time.ts'
import { dayHeading, formatDate, formatExact, formatTimeOfDay, formatWhen, localDate, type Instant, type When as WhenText } from '#app/lib/when.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import type { AreaUnit, FormatStyle } from '#db/reference.ts'

/**
 * The signed-in broker's clock and formats, for every page under the app layout (issue 25,
 * defect 2): their time zone, their date and number style, their defaults for new records, and
 * "now". The layout's loader gives `now` as the server rendered the page, so hydration draws the
 * same "5 min ago"; from then on the browser's clock takes over and recent times keep up once a
 * minute. Without JavaScript the server's text stands.
 */
export type BrokerPreferences = {
  timeZone: string
  formatStyle: FormatStyle
  defaultCurrency: string
  areaUnit: AreaUnit
  /** The server's clock when it rendered the page (ms since the epoch). */
  now: number
}

const DEFAULT_PREFERENCES: BrokerPreferences = { timeZone: 'UTC', formatStyle: 'day_month', defaultCurrency: 'USD', areaUnit: 'sqm', now: 0 }

const PreferencesContext = createContext<BrokerPreferences>(DEFAULT_PREFERENCES)

/**
 * The browser's clock as an external store, read once a minute: the server's render and the
 * hydration use the loader's `now` (React's server snapshot), then React switches to this.
 */
const browserClock = {
  now: 0,
  subscribe(onChange: () => void) {
    browserClock.now = Date.now()
    const timer = setInterval(() => {
      browserClock.now = Date.now()
      onChange()
    }, MINUTE_MS)
    return () => clearInterval(timer)
  },
}

export function BrokerPreferencesProvider({ value, children }: { value: BrokerPreferences; children: ReactNode }) {
  // The later of the two: the loader's `now` is fresh after every action (the layout revalidates),
  // while the browser's is read once a minute, so something just saved never reads as ahead of now.
  const now = useSyncExternalStore(
    browserClock.subscribe,
    () => Math.max(browserClock.now, value.now),
    () => value.now,
  )
  const live = useMemo(() => ({ ...value, now }), [value, now])
  return <PreferencesContext.Provider value={live}>{children}</PreferencesContext.Provider>
}

/** The broker's defaults for new records (the forms start from them). */
export function useBrokerDefaults() {
  const { defaultCurrency, areaUnit } = useContext(PreferencesContext)
  return { defaultCurrency, areaUnit }
}

/** Formatting in the broker's zone and style: one place for every date, time, price and number. */
export function useFormats() {
  const preferences = useContext(PreferencesContext)
  return useMemo(() => {
    const { timeZone, now } = preferences
    const { clock, numbers } = formatStyleParts(preferences.formatStyle)
    const options = { timeZone, now, style: clock }
    return {
      timeZone,
      clock,
      numbers,
      when: (value: Instant) => formatWhen(value, options),
      timeOfDay: (value: Instant) => formatTimeOfDay(value, options),
      exact: (value: Instant) => formatExact(value, timeZone, clock),
      date: (value: Instant) => formatDate(value, timeZone, clock),
      localDate: (value: Instant) => localDate(value, timeZone),
      dayHeading: (date: string) => dayHeading(date, options),
      price: (amount: number | null, currency: string) => formatPrice(amount, currency, numbers),
      number: (value: number) => formatNumber(value, numbers),
    }
  }, [preferences])
}

/**
 * A moment as the broker reads it: `<time datetime=ISO title="exact">5 min ago</time>`.
 * `only="time"` under a day heading (the feed): "14:10", or "5 min ago" while that recent;
 * `only="date"`: the day alone ("Thu 26 Nov 2026").
 */
export function When({ value, only, className = 'text-muted' }: { value: Instant; only?: 'time' | 'date'; className?: string }) {
  const formats = useFormats()
  const when: WhenText = only === 'time' ? formats.timeOfDay(value) : formats.when(value)
  const text = only === 'date' ? formats.date(value) : when.text
  return (
    <time dateTime={when.iso} title={when.exact} className={className}>
      {text}
    </time>
  )
}
