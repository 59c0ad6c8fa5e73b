/** Open-redirect bypass forms, shared by the unit test of safeRedirectPath and the form tests. */

// Known open-redirect bypass forms that must fall back. Each would leave the site if it were
// passed through as typed (or as a naive prefix check would pass it).
export const REFUSED: [string, string][] = [
  ['protocol-relative', '//evil.com'],
  ['three slashes', '///evil.com'],
  ['dot segment then //', '/.//evil.com'],
  ['dot-dot segment then //', '/..//evil.com'],
  ['segment, dot-dot, then //', '/x/..//evil.com'],
  ['dot-dot above the root', '/x/../../..//evil.com'],
  ['dot and dot-dot', '/./..//evil.com'],
  ['encoded dot', '/%2e//evil.com'],
  ['encoded dot-dot', '/%2e%2e//evil.com'],
  ['mixed-case encoded dot-dot', '/%2E%2e//evil.com'],
  ['half-encoded dot-dot', '/.%2e//evil.com'],
  ['slash backslash', '/\\evil.com'],
  ['slash backslash slash', '/\\/evil.com'],
  ['dot backslash', '/.\\/evil.com'],
  ['two backslashes', '\\\\evil.com'],
  ['backslash then userinfo', '/\\@evil.com'],
  ['tab between slashes', '/\t/evil.com'],
  ['newline between slashes', '/\n/evil.com'],
  ['CRLF between slashes', '/\r\n/evil.com'],
  ['header injection', '/home\r\nSet-Cookie: x=1'],
  ['NUL before slashes', '\u0000//evil.com'],
  ['DEL inside', '/home\u007f'],
  ['leading space', ' //evil.com'],
  ['absolute https', 'https://evil.com'],
  ['absolute to our own host', 'https://app.example/home'],
  ['scheme without slashes', 'http:evil.com'],
  ['scheme with one slash', 'https:/evil.com'],
  ['userinfo after //', '//user:pass@evil.com'],
  ['userinfo on absolute URL', 'https://app.example@evil.com/'],
  ['javascript scheme', 'javascript:alert(1)'],
  ['mixed-case javascript scheme', 'JaVaScRiPt:alert(document.domain)'],
  ['javascript after slashes', '//%0ajavascript:alert(1)'],
  ['vbscript scheme', 'vbscript:msgbox(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['encoded slashes without a leading slash', '%2F%2Fevil.com'],
  ['relative path', 'evil.com'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(3000)}`],
]

// Forms that look hostile but only name a path on this site once resolved: passed through in
// the parser's serialisation, which keeps them on the site.
export const DEFUSED: [string, string, string][] = [
  ['encoded slashes', '/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ['encoded backslash', '/%5Cevil.com', '/%5Cevil.com'],
  ['encoded tab', '/%09/evil.com', '/%09/evil.com'],
  ['at sign in the path', '/@evil.com', '/@evil.com'],
  ['dot-dot backslash', '/..\\evil.com', '/evil.com'],
  ['scheme inside the path', '/https://evil.com', '/https://evil.com'],
  ['// only in the query', '/?next=//evil.com', '/?next=//evil.com'],
  ['// only in the hash', '/#//evil.com', '/#//evil.com'],
  ['unicode slashes', '/\u2215\u2215evil.com', '/%E2%88%95%E2%88%95evil.com'],
  ['space in the path', '/ /evil.com', '/%20/evil.com'],
]
