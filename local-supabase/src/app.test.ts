import { describe, expect, it } from 'vitest'
import { loggedPath } from './app.ts'

describe('the request log', () => {
  it("keeps a CV's file name out, and every other path as it is", () => {
    expect(loggedPath('/storage/v1/object/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/applications/[file]')
    expect(loggedPath('/storage/v1/object/upload/sign/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/upload/sign/applications/[file]')
    expect(loggedPath('/storage/v1/object/public/media/blog/a.png')).toBe('/storage/v1/object/public/media/blog/a.png')
    expect(loggedPath('/rest/v1/job_applications')).toBe('/rest/v1/job_applications')
  })
})
