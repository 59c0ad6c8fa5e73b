import commonLanguage from '@zxcvbn-ts/language-common'

let commonPasswords: Set<string> | undefined

/** True for passwords in zxcvbn's list of ~49k leaked passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonLanguage.dictionary['passwords-common'] as string[])
  return commonPasswords.has(password.toLowerCase())
}
