import type * as CommonLanguage from '@zxcvbn-ts/language-common'
import { lazyModule } from '#app/lib/lazy-module.server.ts'

// Read on the first password checked, synchronously, as the form schemas that call this are.
const commonLanguage = lazyModule<typeof CommonLanguage>('@zxcvbn-ts/language-common')
let commonPasswords: Set<string> | undefined

/** True for passwords in zxcvbn's list of ~49k leaked passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    commonPasswords = new Set(commonLanguage().dictionary['passwords-common'] as string[])
  }
  return commonPasswords.has(password.toLowerCase())
}
