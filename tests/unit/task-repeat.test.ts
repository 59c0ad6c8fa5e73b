import { expect, it } from 'vitest'
import { nextOccurrence, shiftDate } from '#app/modules/agenda/repeat.ts'

const at = (iso: string) => new Date(iso)

it('keeps the local time across a summer-time change (Lisbon, 31 March 2030)', () => {
  // 09:00 in Lisbon is 09:00 UTC in winter and 08:00 UTC in summer.
  const due = at('2030-03-24T09:00:00Z')
  expect(nextOccurrence(due, 'weekly', 'Europe/Lisbon', at('2030-03-24T10:00:00Z')).toISOString()).toBe('2030-03-31T08:00:00.000Z')
  expect(nextOccurrence(at('2030-03-30T09:00:00Z'), 'daily', 'Europe/Lisbon', at('2030-03-30T09:30:00Z')).toISOString()).toBe('2030-03-31T08:00:00.000Z')
})

it('counts days in the broker’s zone, not the server’s: 23:30 in Tokyo is the next UTC day', () => {
  // Due Mon 1 Apr 2030 23:30 in Tokyo (14:30 UTC); the next day there is Tue 2 Apr 23:30.
  expect(nextOccurrence(at('2030-04-01T14:30:00Z'), 'daily', 'Asia/Tokyo', at('2030-04-01T15:00:00Z')).toISOString()).toBe('2030-04-02T14:30:00.000Z')
})

it('takes the last day of a shorter month and goes back to the day after it', () => {
  expect(shiftDate('2030-01-31', 'monthly', 1)).toBe('2030-02-28')
  expect(shiftDate('2030-01-31', 'monthly', 2)).toBe('2030-03-31')
  expect(shiftDate('2032-01-31', 'monthly', 1)).toBe('2032-02-29')
  expect(shiftDate('2030-12-15', 'monthly', 1)).toBe('2031-01-15')
  expect(shiftDate('2030-12-29', 'weekly', 1)).toBe('2031-01-05')
})

it('skips the occurrences missed while overdue: the next one is after now', () => {
  const due = at('2030-01-07T09:00:00Z') // a Monday, Lisbon winter time
  const now = at('2030-01-23T12:00:00Z') // a Wednesday, two weeks and more later
  expect(nextOccurrence(due, 'weekly', 'Europe/Lisbon', now).toISOString()).toBe('2030-01-28T09:00:00.000Z')
  // A daily task a year overdue: tomorrow at its time, found without walking every day.
  expect(nextOccurrence(at('2029-01-23T09:00:00Z'), 'daily', 'Europe/Lisbon', now).toISOString()).toBe('2030-01-24T09:00:00.000Z')
  // Exactly a month after the due time is not "after now" when now is that instant.
  expect(nextOccurrence(due, 'monthly', 'Europe/Lisbon', at('2030-02-07T09:00:00Z')).toISOString()).toBe('2030-03-07T09:00:00.000Z')
})

it('done early, the next one is one step after the due time', () => {
  const due = at('2030-05-10T08:00:00Z')
  expect(nextOccurrence(due, 'monthly', 'Europe/Lisbon', at('2030-05-01T08:00:00Z')).toISOString()).toBe('2030-06-10T08:00:00.000Z')
})
