import { describe, expect, it } from 'vitest'
import { decodeUtf8, hasControlCharacters, parseUrlEncoded, percentDecode, removeControlCharacters } from '#app/lib/untrusted-text.ts'

describe('parseUrlEncoded: URLSearchParams, but strict about UTF-8', () => {
  it.each([
    'a=1&b=2',
    'q=caf%C3%A9+au+lait&empty=&flag',
    'name=%F0%9F%8F%A0&x=%2B%26%3D',
    'lone=%&bad=%zz&tail=%4',
    '&&a=1&&',
    'a=b=c',
    'ü=ö',
  ])('reads %j exactly as URLSearchParams does', (text) => {
    expect(parseUrlEncoded(text)).toEqual([...new URLSearchParams(text)])
  })

  it.each([
    ['percent-encoded Latin-1', 'q=caf%E9'],
    ['truncated sequence', 'q=%C3'],
    ['invalid continuation', 'q=%C3%28'],
    ['overlong slash', 'q=%C0%AF'],
    ['UTF-16 surrogate', 'q=%ED%A0%80'],
    ['bad byte in a name', '%FF=1'],
  ])('refuses %s', (_name, text) => {
    expect(parseUrlEncoded(text)).toBeNull()
  })

  it('keeps NUL and control characters for the caller to judge', () => {
    expect(parseUrlEncoded('a=x%00y%01')).toEqual([['a', 'x\u0000y\u0001']])
  })
})

describe('decodeUtf8 and percentDecode', () => {
  it('decodes valid UTF-8 and refuses the rest', () => {
    expect(decodeUtf8(new Uint8Array([0x68, 0xc3, 0xa9]))).toBe('hé')
    expect(decodeUtf8(new Uint8Array([0xff]))).toBeNull()
  })

  it('turns %XX into bytes and leaves a stray % alone', () => {
    expect([...percentDecode('%41%zz%')]).toEqual([0x41, 0x25, 0x7a, 0x7a, 0x25])
  })
})

describe('control characters', () => {
  it('finds and removes C0, DEL and C1, but not tab, line feed or carriage return', () => {
    const text = 'a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg\th\ni\rj'
    expect(hasControlCharacters(text)).toBe(true)
    expect(removeControlCharacters(text)).toBe('abcdefg\th\ni\rj')
    expect(hasControlCharacters('tab\tnewline\r\n and ünïcödé 🏠')).toBe(false)
  })
})
