import { describe, expect, it } from 'vitest'
import { loggedPath } from './log.ts'

describe('loggedPath', () => {
  it('replaces the token of a newsletter or preview link, in any spelling', () => {
    expect(loggedPath('/newsletter/confirm/AbC_123-xyz')).toBe('/newsletter/confirm/[token]')
    expect(loggedPath('/newsletter/confirm/AbC_123-xyz.data')).toBe('/newsletter/confirm/[token]')
    expect(loggedPath(`/newsletter/unsubscribe/${'a'.repeat(64)}`)).toBe('/newsletter/unsubscribe/[token]')
    expect(loggedPath('/Newsletter//Unsubscribe/abc/')).toBe('/Newsletter//Unsubscribe/[token]/')
    expect(loggedPath('/preview/0123abcd')).toBe('/preview/[token]')
    expect(loggedPath('/%6Eewsletter/confirm/secret')).toBe('/newsletter/confirm/[token]')
  })

  it("replaces a CV's file name in a proxied Storage path", () => {
    expect(loggedPath('/storage/v1/object/sign/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/sign/applications/[file]')
    expect(loggedPath('/storage/v1/object/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/applications/[file]')
    expect(loggedPath('/storage/v1/object/public/media/blog/a.png')).toBe('/storage/v1/object/public/media/blog/a.png')
  })

  it('leaves every other path as it is', () => {
    expect(loggedPath('/resources/blog/newsletter-tips')).toBe('/resources/blog/newsletter-tips')
    expect(loggedPath('/leads/newsletter')).toBe('/leads/newsletter')
    expect(loggedPath('/newsletter/confirm')).toBe('/newsletter/confirm')
    expect(loggedPath('/caf%C3%A9')).toBe('/caf%C3%A9')
    expect(loggedPath('/%0A/preview/x')).toBe('/?/preview/[token]')
  })
})
