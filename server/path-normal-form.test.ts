import { describe, expect, it } from 'vitest'
import { normalFormOf } from './path-normal-form.ts'

describe('normalFormOf', () => {
  it.each(['/', '/about', '/resources/blog/caf%C3%A9', '/assets/..%2f..%2fpackage.json', '/search?q=%2e%2e//x', "/a:b@c!$&'()*+,;="])(
    '%s is normal',
    (path) => {
      expect(normalFormOf(path)).toEqual({ kind: 'normal' })
    },
  )

  it.each([
    ['//evil.example/about', '/evil.example/about'],
    ['/a/./b/../c', '/a/c'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/.%2E/.%2e/about', '/about'],
    ['/%7Euser/%41', '/~user/A'],
    ['/about/', '/about'],
    ['/about//?x=1', '/about?x=1'],
    ['/caf\u00c3\u00a9', '/caf%C3%A9'],
    ['/a b', '/a%20b'],
    ['http://evil.example//about/', '/about'],
  ])('%s normalises to %s', (path, location) => {
    expect(normalFormOf(path)).toEqual({ kind: 'redirect', location })
  })

  it.each(['/%zz', '/about%', '/%E0%A4%A', '/%C3', '/a#b', '*', '/\u0100'])('%s is malformed', (path) => {
    expect(normalFormOf(path)).toEqual({ kind: 'malformed' })
  })
})
