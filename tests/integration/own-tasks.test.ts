import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { tasks } from '#db/schema.ts'
import { setTaskDone } from '#app/modules/agenda/tasks.server.ts'
import { setTimeZone } from '#tests/support/agenda.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { scopeOf } from '#tests/support/db.ts'
import { broker } from '#tests/support/share-world.ts'

/*
 * Issue 25: tasks of their own (about no record) and repeating tasks. Completing a repeating
 * task creates the next occurrence once, at the same wall-clock time in the broker's zone.
 */

/** A local date `days` from now (YYYY-MM-DD, UTC): /agenda shows the next 60 days. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const tasksOf = (ownerId: string, title: string) =>
  getDb()
    .select()
    .from(tasks)
    .where(and(eq(tasks.ownerId, ownerId), eq(tasks.title, title)))
    .orderBy(asc(tasks.dueAt))

describe('tasks of their own', () => {
  it('are added on /agenda about nothing and listed there, with how they repeat', async () => {
    const { browser, ownerId } = await broker('Tomas Tasks')
    const added = await browser.post('/agenda', { intent: 'add-task', about: '', title: 'Renew the agency licence', dueDate: inDays(3), dueTime: '09:00', repeat: '' })
    expect(added.status).toBe(302)
    const [task] = await tasksOf(ownerId, 'Renew the agency licence')
    expect(task).toMatchObject({ propertyId: null, clientId: null, dealId: null, repeat: null })
    const weekly = await browser.post('/agenda', { intent: 'add-task', about: '', title: 'Call the notary', dueDate: inDays(4), dueTime: '10:00', repeat: 'weekly' })
    expect(weekly.status).toBe(302)
    const agenda = await (await browser.get('/agenda')).text()
    expect(agenda).toContain('Task: Renew the agency licence')
    expect(agenda).toContain('Task: Call the notary')
    expect(agenda).toContain('Every week')
  })

  it('refuse a repeat the form does not offer, and a subject that is not the broker’s', async () => {
    const { browser } = await broker('Rui Refused')
    const other = await broker('Olga Other')
    const foreign = await createPropertyVia(other.browser, { title: 'Not his' })
    const badRepeat = await browser.post('/agenda', { intent: 'add-task', about: '', title: 'Odd', dueDate: '2030-06-03', dueTime: '09:00', repeat: 'hourly' })
    expect(badRepeat.status).toBe(400)
    expect(await badRepeat.text()).toContain('Choose how often it repeats.')
    expect((await browser.post('/agenda', { intent: 'add-task', about: `property:${foreign}`, title: 'Sneaky', dueDate: '2030-06-03', dueTime: '09:00' })).status).toBe(404)
  })
})

describe('a repeating task', () => {
  it('creates its next occurrence when done, at the same local time across a summer-time change, once', async () => {
    const { browser, ownerId } = await broker('Wanda Weekly')
    await setTimeZone(browser, 'Europe/Lisbon', 'Wanda Weekly')
    const propertyId = await createPropertyVia(browser, { title: 'Weekly visit flat' })
    // Sunday 24 March 2030, 09:00 in Lisbon (winter: 09:00 UTC); summer time starts on the 31st.
    expect((await browser.post(`/property/${propertyId}`, { intent: 'add-task', title: 'Air the flat', dueDate: '2030-03-24', dueTime: '09:00', repeat: 'weekly' })).status).toBe(302)
    const [first] = await tasksOf(ownerId, 'Air the flat')
    expect(first!.dueAt.toISOString()).toBe('2030-03-24T09:00:00.000Z')

    const done = await browser.post(`/property/${propertyId}`, { intent: 'complete-task', taskId: first!.id })
    expect(done.status).toBe(302)
    const series = await tasksOf(ownerId, 'Air the flat')
    expect(series).toHaveLength(2)
    // 09:00 in Lisbon in summer is 08:00 UTC; the same property, the same repeat, open.
    expect(series[1]).toMatchObject({ propertyId, repeat: 'weekly', doneAt: null })
    expect(series[1]!.dueAt.toISOString()).toBe('2030-03-31T08:00:00.000Z')
    expect(series[0]!.nextTaskId).toBe(series[1]!.id)
    expect(await (await browser.get(`/property/${propertyId}`)).text()).toContain('every week')

    // Reopened and done again: no second next occurrence.
    expect((await browser.post(`/property/${propertyId}`, { intent: 'reopen-task', taskId: first!.id })).status).toBe(302)
    expect((await browser.post(`/property/${propertyId}`, { intent: 'complete-task', taskId: first!.id })).status).toBe(302)
    expect(await tasksOf(ownerId, 'Air the flat')).toHaveLength(2)
  })

  it('done late, skips what it missed: the next one is after now, in the broker’s zone', async () => {
    const { ownerId } = await broker('Dario Daily')
    const [task] = await getDb()
      .insert(tasks)
      .values({ ownerId, title: 'Check the inbox', dueAt: new Date('2030-01-07T23:30:00Z'), repeat: 'daily' })
      .returning({ id: tasks.id })
    // Due 08:30 in Tokyo on 8 January; done at 12:00 Tokyo time on the 20th: next is the 21st, 08:30 there.
    const result = await setTaskDone(await scopeOf(ownerId), task!.id, true, 'Asia/Tokyo', new Date('2030-01-20T03:00:00Z'))
    expect(result?.next?.toISOString()).toBe('2030-01-20T23:30:00.000Z')
    const series = await tasksOf(ownerId, 'Check the inbox')
    expect(series.map((t) => t.dueAt.toISOString())).toEqual(['2030-01-07T23:30:00.000Z', '2030-01-20T23:30:00.000Z'])
  })

  it('monthly on the 31st falls on the last day of a shorter month', async () => {
    const { ownerId } = await broker('Mona Monthly')
    const [task] = await getDb()
      .insert(tasks)
      .values({ ownerId, title: 'Send the owner statements', dueAt: new Date('2030-01-31T10:00:00Z'), repeat: 'monthly' })
      .returning({ id: tasks.id })
    const result = await setTaskDone(await scopeOf(ownerId), task!.id, true, 'UTC', new Date('2030-01-31T11:00:00Z'))
    expect(result?.next?.toISOString()).toBe('2030-02-28T10:00:00.000Z')
  })
})
