// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteHeader } from './site-header'

afterEach(cleanup)

function renderHeader() {
  const Page = () => <SiteHeader logoText="Ledgerfield" chatUrl="https://chat.example/start" />
  const Stub = createRoutesStub([{ path: '*', Component: Page }])
  return render(<Stub initialEntries={['/']} />)
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('the site header', () => {
  it('turns opaque and blurred once the page is scrolled past 10 px', () => {
    renderHeader()
    const header = screen.getByRole('banner')
    scrollTo(10)
    expect(header.dataset.scrolled).toBe('false')
    scrollTo(11)
    expect(header.dataset.scrolled).toBe('true')
    expect(header.className).toContain('backdrop-blur-md')
    scrollTo(0)
    expect(header.dataset.scrolled).toBe('false')
  })

  it("opens 'Chat with us' in a new tab without handing over the page, and 'Get Started' goes to /contact", () => {
    renderHeader()
    const chat = screen.getByRole('link', { name: 'Chat with us' })
    expect(chat.getAttribute('href')).toBe('https://chat.example/start')
    expect(chat.getAttribute('target')).toBe('_blank')
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/contact')
  })
})
