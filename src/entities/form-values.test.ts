import { describe, expect, it } from 'vitest'
import { blogPostSchema } from './blog-post'
import { clientSchema } from './client'
import { formValuesOf } from './form-values'
import { jobOpeningSchema } from './job-opening'
import { redirectSchema } from './redirect'
import { teamMemberSchema } from './team-member'
import { testimonialSchema } from './testimonial'

describe('formValuesOf', () => {
  it('opens a new item with every field of the schema blank, and a choice at its first option', () => {
    expect(formValuesOf(clientSchema, null)).toEqual({ name: '', icon: 'Building', logo_url: '' })
    expect(formValuesOf(teamMemberSchema, null)).toEqual({ name: '', position: '', bio: '', avatar: '', linkedin_url: '', twitter_url: '' })
  })

  it("opens a row with its values, an empty column as '', and a choice that is no longer an option as the first", () => {
    expect(formValuesOf(clientSchema, { name: 'Harbour', icon: 'Gem', logo_url: null })).toEqual({ name: 'Harbour', icon: 'Gem', logo_url: '' })
    expect(formValuesOf(clientSchema, { name: 'Harbour', icon: 'Retired', logo_url: '/logo.svg' })).toEqual({
      name: 'Harbour',
      icon: 'Building',
      logo_url: '/logo.svg',
    })
  })

  it('writes a number out for a text field or a choice, and opens a new item at the default the schema gives', () => {
    expect(formValuesOf(redirectSchema, { from_path: '/old', to_path: '/new', status_code: 302 })).toEqual({
      from_path: '/old',
      to_path: '/new',
      status_code: '302',
    })
    expect(formValuesOf(testimonialSchema, { quote: 'Q', name: 'N', title: 'T', avatar: '/a.png', rating: 4 }).rating).toBe('4')
    expect(formValuesOf(testimonialSchema, null).rating).toBe('5')
  })

  it('opens a checkbox as the row has it, or at its default; a list as the row has it, or empty', () => {
    const opening = formValuesOf(jobOpeningSchema, null)
    expect(opening).toMatchObject({ remote: false, active: true, type: 'Full-time', salary_min: '', salary_unit: '', closes_at: '' })
    expect(formValuesOf(jobOpeningSchema, { active: false, salary_min: 450000, salary_unit: 'MONTH' })).toMatchObject({
      active: false,
      salary_min: '450000',
      salary_unit: 'MONTH',
    })
    const post = formValuesOf(blogPostSchema, null)
    expect(post).toMatchObject({ tags: [], published: true, hide_from_search: false, seo_title: '' })
    expect(Number.isNaN(Date.parse(post.publish_at ?? ''))).toBe(false)
    expect(formValuesOf(blogPostSchema, { tags: ['banking'], published: false }).tags).toEqual(['banking'])
    expect(formValuesOf(blogPostSchema, { tags: ['banking'], published: false }).published).toBe(false)
  })
})
