import type { LogDestination } from '#app/lib/logger.server.ts'

/** One line of the app's log (app/lib/logger.server.ts), parsed. */
export type LogLine = {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  time: string
  msg: string
  reqId?: string
  err?: { type?: string; message?: string; stack?: string }
  [field: string]: unknown
}

const RANK = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const

/** Whether a line is at `level` or more severe. */
export const atLeast = (level: LogLine['level']) => (line: LogLine) => RANK[line.level] >= RANK[level]

// Every way some reader ends a line: LF, CR, VT, FF, FS, GS, RS (Python's splitlines), NEL,
// and the Unicode line and paragraph separators. None may appear inside one log line.
// eslint-disable-next-line no-control-regex -- control characters are the point
export const LINE_BREAKS = /\r\n|[\n\r\v\f\x1c-\x1e\u0085\u2028\u2029]/

/**
 * Parses what the logger wrote: each piece between line breaks of any kind must be a whole
 * JSON object with level, time and msg. A forged line (a CR/LF that escaped encoding) fails.
 */
export function parseLogOutput(written: string): LogLine[] {
  return splitLogOutput(written).map(([, line]) => line)
}

function splitLogOutput(written: string): [piece: string, line: LogLine][] {
  return written
    .split(LINE_BREAKS)
    .filter((piece) => piece !== '')
    .map((piece) => [piece, parseLogLine(piece)])
}

function parseLogLine(piece: string): LogLine {
  let line: unknown
  try {
    line = JSON.parse(piece)
  } catch {
    throw new Error(`log output that is not one JSON line: ${JSON.stringify(piece.slice(0, 300))}`)
  }
  const { level, time, msg } = (line ?? {}) as Partial<LogLine>
  if (typeof level !== 'string' || !(level in RANK) || typeof time !== 'string' || typeof msg !== 'string') {
    throw new Error(`log line without level, time and msg: ${piece.slice(0, 300)}`)
  }
  return line as LogLine
}

/**
 * A log destination for tests (setLogDestination): keeps what the logger writes. `take()`
 * parses it (every line must be one JSON object) and hands it over, so the next take starts
 * after it; `take(filter)` hands over only the matching lines and keeps the others.
 */
export class LogCapture implements LogDestination {
  private written: string[] = []

  write(line: string) {
    this.written.push(line)
  }

  take(filter: (line: LogLine) => boolean = () => true): LogLine[] {
    const pieces = splitLogOutput(this.written.join(''))
    this.written = pieces.filter(([, line]) => !filter(line)).map(([piece]) => `${piece}\n`)
    return pieces.filter(([, line]) => filter(line)).map(([, line]) => line)
  }

  /** Forgets everything written so far. */
  clear() {
    this.written = []
  }

  /** What the logger wrote since the last take, byte for byte. */
  raw(): string {
    return this.written.join('')
  }
}
