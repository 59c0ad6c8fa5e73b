import { describe, expect, it } from 'vitest'
import { composeAlertMail, describeAlertLine, mergeAlertLines, type AlertLine } from '#app/modules/alerts/alert-mail.ts'
import { ALERT_MAIL_MAX_LINES, ALERT_MIN_GAP_HOURS } from '#app/modules/alerts/settings.ts'
import { brokerShare, describeCommission, describeSplit, grossCommission } from '#app/modules/deals/commission.ts'

const line = (overrides: Partial<AlertLine>): AlertLine => ({
  propertyId: 'p1',
  title: 'Sea view flat',
  city: 'Lisbon',
  reason: 'new',
  price: 300000,
  previousPrice: null,
  currency: 'EUR',
  ...overrides,
})

describe('alert mail', () => {
  it('reads "was X, now Y" for a drop and the price for a new listing', () => {
    expect(describeAlertLine(line({ reason: 'price_drop', price: 280000, previousPrice: 300000 }))).toBe('Price drop: Sea view flat, Lisbon — was €300,000, now €280,000')
    expect(describeAlertLine(line({ city: null, price: null }))).toBe('New: Sea view flat — price on request')
  })

  it('tells a property once, as the drop when it is both, drops first', () => {
    const merged = mergeAlertLines([
      line({ propertyId: 'a' }),
      line({ propertyId: 'b', title: 'Garden house' }),
      line({ propertyId: 'a', reason: 'price_drop', price: 290000, previousPrice: 300000 }),
    ])
    expect(merged.map((l) => [l.propertyId, l.reason])).toEqual([
      ['a', 'price_drop'],
      ['b', 'new'],
    ])
  })

  it('carries the RFC 8058 headers and at most the allowed number of lines', () => {
    const lines = Array.from({ length: ALERT_MAIL_MAX_LINES + 3 }, (_, i) => line({ propertyId: `p${i}`, title: `Flat ${i}` }))
    const mail = composeAlertMail({
      to: 'ana@example.com',
      clientName: 'Ana',
      brokerName: 'Bea',
      pageUrl: 'https://app.test/alerts/x',
      unsubscribeUrl: 'https://app.test/unsubscribe/t',
      unsubscribeMailto: 'mailto:help@app.test?subject=unsubscribe%20t',
      lines,
    })
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://app.test/unsubscribe/t>, <mailto:help@app.test?subject=unsubscribe%20t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    const text = mail.paragraphs.join('\n')
    expect(text).toContain(`Flat ${ALERT_MAIL_MAX_LINES - 1}`)
    expect(text).not.toContain(`Flat ${ALERT_MAIL_MAX_LINES}\n`)
    expect(text).toContain('…and 3 more on the page.')
    expect(text).toContain('Unsubscribe: https://app.test/unsubscribe/t')
    expect(mail.subject).toBe(`New: ${ALERT_MAIL_MAX_LINES + 3} properties for you`)
  })

  it('counts by the plural rules: "1 property that fits", "2 properties that fit"', () => {
    const mailOf = (lines: AlertLine[]) =>
      composeAlertMail({ to: 'ana@example.com', clientName: 'Ana', brokerName: 'Bea', pageUrl: 'https://app.test/alerts/x', unsubscribeUrl: 'https://app.test/unsubscribe/t', unsubscribeMailto: 'mailto:x@app.test', lines })
    const one = mailOf([line({})])
    expect(one.paragraphs[1]).toBe('Bea found 1 property that fits what you are looking for:')
    expect(one.subject).toBe('New: 1 property for you')
    const two = mailOf([line({}), line({ propertyId: 'p2', title: 'Garden house' })])
    expect(two.paragraphs[1]).toBe('Bea found 2 properties that fit what you are looking for:')
    expect(two.subject).toBe('New: 2 properties for you')
  })

  it('keeps a client to one mail a day, give or take the cron step', () => {
    expect(ALERT_MIN_GAP_HOURS).toBe(23)
  })
})

describe('deal commission', () => {
  const terms = { value: 250000, commission: null, commissionPercent: 3, coBrokerPercent: 40 }

  it('computes the gross from a percentage of the value and the broker’s share after the split', () => {
    expect(grossCommission(terms)).toBe(7500)
    expect(brokerShare(terms)).toBe(4500)
    expect(describeCommission(terms, 'EUR')).toBe('3% of €250,000 = €7,500')
    expect(describeSplit(terms, 'EUR')).toBe('Co-broker 40% · your share €4,500')
  })

  it('shows an amount with its share of the value, and nothing without a value to take a percentage of', () => {
    expect(describeCommission({ value: 250000, commission: 6000, commissionPercent: null, coBrokerPercent: null }, 'EUR')).toBe('€6,000 (2.4% of the value)')
    expect(grossCommission({ value: null, commission: null, commissionPercent: 3, coBrokerPercent: null })).toBeNull()
    expect(describeCommission({ value: null, commission: null, commissionPercent: 3, coBrokerPercent: null }, 'EUR')).toBe('3% of the value (no value yet)')
    expect(describeCommission({ value: null, commission: null, commissionPercent: null, coBrokerPercent: null }, 'EUR')).toBe('—')
    expect(describeSplit({ value: 1, commission: 1, commissionPercent: null, coBrokerPercent: null }, 'EUR')).toBeNull()
  })

  it('rounds to cents', () => {
    expect(grossCommission({ value: 333333.33, commission: null, commissionPercent: 2.5, coBrokerPercent: null })).toBe(8333.33)
    expect(brokerShare({ value: 100, commission: null, commissionPercent: 3.33, coBrokerPercent: 33.33 })).toBe(2.22)
  })
})
