import { describe, expect, it } from 'vitest'
import { parsePropertyFilters, searchWords } from '#app/modules/properties/filters.ts'
import { parseTags } from '#app/modules/properties/schemas.ts'

describe('parsePropertyFilters', () => {
  it('defaults to newest first, page 1, 24 a page, no filters', () => {
    const { filters, errors } = parsePropertyFilters(new URLSearchParams())
    expect(errors).toEqual({})
    expect(filters).toMatchObject({ sort: 'newest', page: 1, pageSize: 24, tags: [] })
    expect(filters.q).toBeUndefined()
  })
  it('treats empty values as no filter', () => {
    const { filters, errors } = parsePropertyFilters(new URLSearchParams('status=&minPrice=&q='))
    expect(errors).toEqual({})
    expect(filters.status).toBeUndefined()
  })
  it('caps the page size at 100', () => {
    expect(parsePropertyFilters(new URLSearchParams('pageSize=500')).filters.pageSize).toBe(100)
    expect(parsePropertyFilters(new URLSearchParams('pageSize=100')).filters.pageSize).toBe(100)
  })
})

describe('searchWords', () => {
  it('keeps only letters and digits, so query syntax cannot get through', () => {
    expect(searchWords("a' | b:* & !c")).toEqual(['a', 'b', 'c'])
    expect(searchWords('São João 12')).toEqual(['São', 'João', '12'])
    expect(searchWords('one two three four five six seven eight nine')).toHaveLength(8)
    expect(searchWords('!!!')).toEqual([])
    expect(searchWords(undefined)).toEqual([])
  })
})

it('parseTags trims, lowercases and removes duplicates', () => {
  expect(parseTags(' Sea View, renovated ,sea   view,, ')).toEqual(['sea view', 'renovated'])
})
