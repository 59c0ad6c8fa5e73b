import { describe, expect, it } from 'vitest'
import { isCommonPassword } from '#app/modules/auth/common-passwords.server.ts'
import { getPasswordProblems } from '#app/modules/auth/password-rules.ts'

const problems = (password: string, email = 'ana@example.com') => getPasswordProblems(password, email, isCommonPassword)

describe('password rules', () => {
  it('accepts a long, uncommon password', () => {
    expect(problems('lisbon-harbour-2291-views')).toEqual([])
  })
  it('asks for 8 characters', () => {
    expect(problems('Xq7#pz')).toEqual(['Use at least 8 characters.'])
  })
  it('refuses common passwords, whatever their case', () => {
    expect(problems('password')).toEqual(['Choose a password that is not a common password.'])
    expect(problems('QWERTY123')).toContain('Choose a password that is not a common password.')
  })
  it('refuses the e-mail address and its local part', () => {
    expect(problems('ana@example.com')).toEqual(['Do not use your e-mail address as the password.'])
    expect(problems('Ana-Broker-99', 'ana-broker-99@example.com')).toEqual([
      'Do not use your e-mail address as the password.',
    ])
  })
  it('lists every reason at once', () => {
    expect(problems('123456')).toEqual([
      'Use at least 8 characters.',
      'Choose a password that is not a common password.',
    ])
  })
})
