// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentEditor, type ContentMode } from './content-editor'

afterEach(cleanup)

const TOOLS = ['Bold', 'Italic', 'Heading 2', 'Heading 3', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Image', 'Table', 'Undo', 'Redo']

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  const [mode, setMode] = useState<ContentMode>('visual')
  return (
    <>
      <ContentEditor id="content" value={value} onChange={setValue} mode={mode} onModeChange={setMode} />
      <output aria-label="Value">{value}</output>
    </>
  )
}

function renderField(initial: string) {
  const Stub = createRoutesStub([{ path: '/admin/blog', Component: () => <Field initial={initial} /> }])
  render(<Stub initialEntries={['/admin/blog']} />)
}

describe('the Content field', () => {
  it('opens on the Visual tab: a multi-line textbox named Content under a toolbar of named tools', async () => {
    renderField('<h2>Rates</h2><p>Plain <strong>bold</strong></p>')
    expect(screen.getByRole('tab', { name: 'Visual' }).getAttribute('aria-selected')).toBe('true')
    const area = await screen.findByRole('textbox', { name: 'Content' })
    expect(area.getAttribute('aria-multiline')).toBe('true')
    expect(within(area).getByRole('heading', { level: 2, name: 'Rates' })).toBeTruthy()
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    for (const name of TOOLS) expect(within(toolbar).getByRole('button', { name })).toBeTruthy()
    // Opening the field changes nothing.
    expect(screen.getByLabelText('Value').textContent).toBe('<h2>Rates</h2><p>Plain <strong>bold</strong></p>')
  })

  it('has one Tab stop in the toolbar; arrow keys, Home and End move along it', async () => {
    renderField('')
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' })
    const buttons = within(toolbar).getAllByRole('button')
    expect(buttons.filter((button) => button.tabIndex === 0).map((button) => button.getAttribute('aria-label'))).toEqual(['Bold'])
    buttons[0]!.focus()
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Italic')
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Redo')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bold')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Redo')
    expect(buttons.filter((button) => button.tabIndex === 0).map((button) => button.getAttribute('aria-label'))).toEqual(['Redo'])
    // Nothing to undo yet: the button says so, and stays reachable.
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('names each tool’s keys in its tooltip, and lists them all, Save included, in the shortcuts popover', async () => {
    const user = userEvent.setup()
    renderField('')
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' })
    const bold = within(toolbar).getByRole('button', { name: 'Bold' })
    expect(bold.getAttribute('title')).toBe('Bold (Ctrl+B)')
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B')
    expect(within(toolbar).getByRole('button', { name: 'Heading 2' }).getAttribute('title')).toBe('Heading 2 (Ctrl+Alt+2)')

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }))
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const keysOf = (action: string) => within(help).getByText(action, { selector: 'dt' }).nextElementSibling?.textContent
    expect(keysOf('Save')).toBe('Ctrl+S')
    expect(keysOf('Bold')).toBe('Ctrl+B')
    expect(keysOf('Link')).toBe('Ctrl+K')
    expect(keysOf('Redo')).toBe('Ctrl+Shift+Z')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
  })

  it('edits one value in both tabs: HTML typed in the HTML tab shows in the Visual tab', async () => {
    const user = userEvent.setup()
    renderField('<p>First</p>')
    await screen.findByRole('textbox', { name: 'Content' })
    await user.click(screen.getByRole('tab', { name: 'HTML' }))
    const html = screen.getByRole('tabpanel').querySelector('textarea')!
    expect(html.value).toBe('<p>First</p>')
    fireEvent.change(html, { target: { value: '<h3>Second</h3><ul><li><p>item</p></li></ul>' } })
    await user.click(screen.getByRole('tab', { name: 'Visual' }))
    const area = await screen.findByRole('textbox', { name: 'Content' })
    expect(within(area).getByRole('heading', { level: 3, name: 'Second' })).toBeTruthy()
    expect(within(area).getByRole('listitem').textContent).toBe('item')
    expect(screen.getByLabelText('Value').textContent).toBe('<h3>Second</h3><ul><li><p>item</p></li></ul>')
  })

  it('keeps newer changes when the form hands back an older one late, and takes a value from outside', async () => {
    // ProseMirror measures the selection to scroll it into view; jsdom lays nothing out.
    Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList
    Range.prototype.getBoundingClientRect ??= () => new DOMRect()
    const user = userEvent.setup()
    // A form that hands the editor's changes back only when told to.
    const reported: string[] = []
    let handBack: (value: string) => void = () => undefined
    function LaggingField() {
      const [value, setValue] = useState('<p>Rates</p>')
      useEffect(() => {
        handBack = setValue
      }, [])
      return <ContentEditor id="content" value={value} onChange={(html) => reported.push(html)} />
    }
    const Stub = createRoutesStub([{ path: '/admin/blog', Component: LaggingField }])
    render(<Stub initialEntries={['/admin/blog']} />)
    const rerender = (value: string) => act(() => handBack(value))
    await screen.findByRole('textbox', { name: 'Content' })
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    await user.click(within(toolbar).getByRole('button', { name: 'Heading 2' }))
    await user.click(within(toolbar).getByRole('button', { name: 'Quote' }))
    expect(reported).toEqual(['<h2>Rates</h2>', '<blockquote><h2>Rates</h2></blockquote>'])
    const area = screen.getByRole('textbox', { name: 'Content' })

    // The first change comes back after the second was made: the editor keeps the second.
    rerender(reported[0]!)
    expect(area.innerHTML).toContain('<blockquote><h2>Rates</h2></blockquote>')
    rerender(reported[1]!)
    expect(area.innerHTML).toContain('<blockquote><h2>Rates</h2></blockquote>')

    // A value the editor never reported (a reset, the HTML tab) replaces what it holds.
    rerender('<p>Reset</p>')
    expect(within(area).queryByRole('heading')).toBeNull()
    expect(area.textContent).toBe('Reset')
    rerender('<h2>Rates</h2>')
    expect(within(area).getByRole('heading', { level: 2, name: 'Rates' })).toBeTruthy()
    expect(reported).toHaveLength(2)
  })
})
