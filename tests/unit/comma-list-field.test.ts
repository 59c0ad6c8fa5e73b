import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { ClientFormSchema, parsePlaces } from '#app/modules/clients/schemas.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'

const propertyForm = (extra: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries({ title: 'Flat', type: 'apartment', purpose: 'sale', currency: 'EUR', ...extra })) {
    form.set(name, value)
  }
  return parseWithZod(form, { schema: propertyFormSchema('residential') })
}

describe('comma-separated list fields (tags, places)', () => {
  it('render as an optional single text value, not a required list', () => {
    const property = getZodConstraint(propertyFormSchema('residential'))
    const client = getZodConstraint(ClientFormSchema)
    for (const constraint of [property.tags, client.tags, client.wantedPlaces]) {
      expect(constraint?.required).toBe(false)
      expect(constraint?.multiple).toBeUndefined()
    }
  })

  it('may be left empty: the value is an empty list', () => {
    const submission = propertyForm({})
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.tags).toEqual([])
  })

  it('report their limits at the field, where the form shows them', () => {
    const tooLong = propertyForm({ tags: `garden, ${'x'.repeat(41)}` })
    expect(tooLong.reply().error).toEqual({ tags: ['Each tag must be at most 40 characters'] })
    const tooMany = propertyForm({ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`).join(', ') })
    expect(tooMany.reply().error).toEqual({ tags: ['Use at most 20 tags'] })
  })
})

describe('parsePlaces', () => {
  it('keeps places as typed, trimmed, with the first spelling of a duplicate', () => {
    expect(parsePlaces(' Lisbon,  Alfama ,lisbon, LISBOA,São   João, sao joao,,')).toEqual(['Lisbon', 'Alfama', 'LISBOA', 'São João'])
    expect(parsePlaces(undefined)).toEqual([])
  })
})
