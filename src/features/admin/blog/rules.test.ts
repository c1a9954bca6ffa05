import { describe, expect, it } from 'vitest'
import { addTag, insertAt, readingMinutes, slugify, wordCount, wrapSelection } from './rules'

describe('slug from title (spec section 5)', () => {
  it('lowercases, drops other characters, turns whitespace into hyphens and collapses repeats', () => {
    expect(slugify('Hello World')).toBe('hello-world')
    expect(slugify('Core Banking: 5 Lessons!')).toBe('core-banking-5-lessons')
    expect(slugify('AI  &  Automation')).toBe('ai-automation')
    expect(slugify('pre-built -- modules')).toBe('pre-built-modules')
    expect(slugify('tabs\tand\nlines')).toBe('tabs-and-lines')
  })

  it('never starts or ends with a hyphen, which the database would refuse', () => {
    expect(slugify('  -Leading and trailing-  ')).toBe('leading-and-trailing')
    expect(slugify('¿Qué?')).toBe('qu')
    expect(slugify('!!!')).toBe('')
  })
})

describe('tags (spec section 5)', () => {
  it('adds a trimmed tag that is not blank and not already there', () => {
    expect(addTag([], '  fintech ')).toEqual(['fintech'])
    expect(addTag(['fintech'], 'fintech')).toEqual(['fintech'])
    expect(addTag(['fintech'], '  fintech  ')).toEqual(['fintech'])
    expect(addTag(['fintech'], '   ')).toEqual(['fintech'])
    expect(addTag(['fintech'], 'Fintech')).toEqual(['fintech', 'Fintech'])
  })
})

describe('toolbar edits', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(wrapSelection('make this bold', 5, 9, '<strong>', '</strong>')).toEqual({
      value: 'make <strong>this</strong> bold',
      selectionStart: 13,
      selectionEnd: 17,
    })
  })

  it('with no selection puts the cursor between the tags', () => {
    expect(wrapSelection('ab', 1, 1, '<em>', '</em>')).toEqual({ value: 'a<em></em>b', selectionStart: 5, selectionEnd: 5 })
  })

  it('inserts at the cursor, replacing a selection', () => {
    expect(insertAt('one two', 4, 7, '<img src="/x.png" alt="" />')).toEqual({
      value: 'one <img src="/x.png" alt="" />',
      selectionStart: 31,
      selectionEnd: 31,
    })
  })
})

describe('length of a post', () => {
  it('counts the words a reader sees: not tags, not entities alone', () => {
    expect(wordCount('')).toBe(0)
    expect(wordCount('<p></p><p>  </p>')).toBe(0)
    expect(wordCount('<p>Every account <strong>balances</strong> by six.</p>')).toBe(5)
    // Block boundaries part words; a no-break space parts them too; "Q&amp;A" is one word, "&mdash;" none.
    expect(wordCount('<h2>Close</h2><p>daily&nbsp;and&nbsp;calmly &mdash; Q&amp;A</p>')).toBe(5)
    expect(wordCount('<ul><li>one</li><li>two</li></ul><img src="/a.png" alt="a chart">')).toBe(2)
  })

  it('reads at about 230 words a minute, at least a minute for any text', () => {
    expect(readingMinutes(0)).toBe(0)
    expect(readingMinutes(1)).toBe(1)
    expect(readingMinutes(460)).toBe(2)
    expect(readingMinutes(1000)).toBe(4)
  })
})
