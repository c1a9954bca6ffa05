// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ShareLinks } from './share-links'

const URL_ = 'https://www.example.test/resources/blog/a-post'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
}

describe('share links', () => {
  it("'Copy Link' copies the address and shows 'Copied!' for 2 s", async () => {
    const writeText = vi.fn(async () => {})
    mockClipboard(writeText)
    render(<ShareLinks url={URL_} title="A post" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }))
    })
    expect(writeText).toHaveBeenCalledWith(URL_)
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1900))
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy()
  })

  it('a clipboard failure is only logged', async () => {
    mockClipboard(async () => {
      throw new Error('denied')
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(<ShareLinks url={URL_} title="A post" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }))
    })
    expect(warn).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy()
  })

  it('opens each network in a 600x400 window, falling back to a new tab when popups are blocked', () => {
    const popup = { opener: {} }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    render(<ShareLinks url={URL_} title="A post" />)
    const linkedin = screen.getByRole('link', { name: 'Share on LinkedIn' })
    expect(linkedin.getAttribute('href')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(URL_)}`)
    expect(linkedin.getAttribute('rel')).toBe('noopener noreferrer')
    const clicked = fireEvent.click(linkedin)
    expect(open).toHaveBeenCalledWith(linkedin.getAttribute('href'), 'share-linkedin', 'width=600,height=400')
    expect(clicked).toBe(false) // default prevented: the popup replaced the new tab
    expect(popup.opener).toBeNull()

    open.mockReturnValue(null)
    expect(fireEvent.click(screen.getByRole('link', { name: 'Share on Facebook' }))).toBe(true)
    expect(screen.getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')).toContain('https://twitter.com/intent/tweet?url=')
  })
})
