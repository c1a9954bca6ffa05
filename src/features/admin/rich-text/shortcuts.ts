// The keys of the editors' commands, as the visual editor's extensions bind them and as the help
// lists them. "Mod" is Ctrl, or ⌘ on a Mac. Plain data: the help shows before the editor's chunk loads.

export interface Shortcut {
  /** The command, named as its toolbar button is. */
  action: string
  keys: readonly string[]
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'Save', keys: ['Mod', 'S'] },
  { action: 'Bold', keys: ['Mod', 'B'] },
  { action: 'Italic', keys: ['Mod', 'I'] },
  { action: 'Underline', keys: ['Mod', 'U'] },
  { action: 'Strikethrough', keys: ['Mod', 'Shift', 'S'] },
  { action: 'Inline code', keys: ['Mod', 'E'] },
  { action: 'Heading 2', keys: ['Mod', 'Alt', '2'] },
  { action: 'Heading 3', keys: ['Mod', 'Alt', '3'] },
  { action: 'Heading 4', keys: ['Mod', 'Alt', '4'] },
  { action: 'Bulleted list', keys: ['Mod', 'Shift', '8'] },
  { action: 'Numbered list', keys: ['Mod', 'Shift', '7'] },
  { action: 'Quote', keys: ['Mod', 'Shift', 'B'] },
  { action: 'Code block', keys: ['Mod', 'Alt', 'C'] },
  { action: 'Link', keys: ['Mod', 'K'] },
  { action: 'Undo', keys: ['Mod', 'Z'] },
  { action: 'Redo', keys: ['Mod', 'Shift', 'Z'] },
]

/** Whether the keyboard's command key is ⌘ (Apple's systems) rather than Ctrl. */
export function usesCommandKey(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)
}

/** The keys as the person presses them: "Ctrl+Shift+S", or "⌘+Shift+S" on a Mac. */
export function keysLabel(keys: readonly string[], command = usesCommandKey()): string {
  return keys.map((key) => (key === 'Mod' ? (command ? '⌘' : 'Ctrl') : key)).join('+')
}

/** The keys of a toolbar command, when it has any. */
export function shortcutOf(action: string): readonly string[] | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.action === action)?.keys
}
