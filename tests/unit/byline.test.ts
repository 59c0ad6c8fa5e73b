import { describe, expect, it } from 'vitest'
import { withActor } from '#app/modules/dashboard/byline.ts'

describe('who did what, in one sentence', () => {
  it('puts the name before a line that starts with what was done', () => {
    expect(withActor('Ana Silva', 'client_created', 'Added client Marta')).toBe('Ana Silva added client Marta')
    expect(withActor('You', 'record_assigned', 'Assigned Marta to Bruno Costa')).toBe('You assigned Marta to Bruno Costa')
    expect(withActor('Ana Silva', 'property_deleted', 'Moved Villa Azul to the trash')).toBe('Ana Silva moved Villa Azul to the trash')
  })

  it('says what notes, deals and viewings are', () => {
    expect(withActor('Ana Silva', 'comment_added', 'Note on Villa Azul')).toBe('Ana Silva added a note on Villa Azul')
    expect(withActor('Ana Silva', 'deal_created', 'New deal Alfama sale with Marta')).toBe('Ana Silva created the deal Alfama sale with Marta')
    expect(withActor('Bruno Costa', 'viewing_scheduled', 'Viewing of Villa Azul with Marta scheduled')).toBe('Bruno Costa scheduled the viewing of Villa Azul with Marta')
  })

  it('keeps a line of its own words after the name', () => {
    expect(withActor('Ana Silva', 'client_stage_changed', 'Marta: New → Viewing')).toBe('Ana Silva: Marta: New → Viewing')
  })
})

describe('a line that starts with a name', () => {
  it('is not taken for a verb', () => {
    expect(withActor('Bruno Costa', 'client_stage_changed', 'Shared client Clara: New → Contacted')).toBe('Bruno Costa: Shared client Clara: New → Contacted')
    expect(withActor('Bruno Costa', 'property_status_changed', 'Added Value Villa: Active → Sold')).toBe('Bruno Costa: Added Value Villa: Active → Sold')
  })
})
