import { expect } from 'vitest'
import type { TestBrowser } from './app.ts'

/** Sets the broker's time zone through the /profile form, as a browser without JavaScript. */
export async function setTimeZone(browser: TestBrowser, timeZone: string, fullName = 'Test Broker') {
  const saved = await browser.post('/profile/account', { intent: 'update-profile', fullName, timeZone })
  expect(saved.status).toBe(302)
}

/** A valid schedule form from a property page; override any field. */
export function viewingForm(clientId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { intent: 'schedule-viewing', clientId, date: '2030-03-14', time: '10:30', durationMinutes: '45', place: '', notes: 'Bring the keys', ...overrides }
}

/** Schedules a viewing from the property page and returns its id (the newest viewing link on the page). */
export async function scheduleViewingVia(browser: TestBrowser, propertyId: string, clientId: string, overrides: Record<string, string> = {}) {
  const before = await viewingIdsOn(browser, `/property/${propertyId}`)
  const response = await browser.post(`/property/${propertyId}`, viewingForm(clientId, overrides))
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe(`/property/${propertyId}`)
  const after = await viewingIdsOn(browser, `/property/${propertyId}`)
  const id = after.find((v) => !before.includes(v))
  expect(id).toBeTruthy()
  return id!
}

export async function viewingIdsOn(browser: TestBrowser, page: string) {
  const html = await (await browser.get(page)).text()
  return [...html.matchAll(/href="\/viewing\/([0-9a-f-]{36})"/g)].map((m) => m[1]!)
}

/** Adds a task from a page (property, client, deal or /agenda) and returns the page's HTML after it. */
export async function addTaskVia(browser: TestBrowser, page: string, fields: Record<string, string>) {
  const response = await browser.post(page, { intent: 'add-task', dueTime: '09:00', ...fields })
  expect(response.status).toBe(302)
  return (await browser.get(page)).text()
}

export function taskIdsIn(html: string) {
  return [...html.matchAll(/name="taskId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!)
}
