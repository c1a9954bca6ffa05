// The admin's one look for controls, as class strings: brand colour only for primary actions.
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary'
const base = `inline-flex items-center justify-center gap-1.5 rounded-md text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${focus}`

export const buttonPrimary = `${base} bg-brand-primary px-3 py-2 text-white hover:opacity-90`
export const buttonSecondary = `${base} border border-slate-300 bg-white px-3 py-2 text-slate-800 hover:bg-slate-50`
export const buttonDanger = `${base} border border-red-200 bg-white px-3 py-2 text-red-700 hover:bg-red-50`
export const iconButton = `${base} size-8 text-slate-600 hover:bg-slate-100 hover:text-slate-900`
export const iconButtonDanger = `${base} size-8 text-red-700 hover:bg-red-50`

export const input = `block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 aria-[invalid=true]:border-red-600 ${focus}`
export const checkbox = `size-4 rounded border-slate-300 accent-brand-primary ${focus}`
export const card = 'rounded-lg border border-slate-200 bg-white'
export const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium'

/** An editor page's title: a large heading to type into (a one-line text area that wraps), quiet until hovered or focused. */
export const titleInput = `block w-[calc(100%+1rem)] resize-none field-sizing-content rounded-md border border-transparent bg-transparent px-2 py-1 -mx-2 text-2xl leading-tight font-semibold tracking-tight text-slate-900 placeholder:text-slate-400 hover:border-slate-200 aria-[invalid=true]:border-red-600 sm:text-3xl ${focus}`
/** Long plain text in an editor page's writing column: reading size, growing with what is typed. */
export const longText = `${input} min-h-40 field-sizing-content px-4 py-3 text-[1.0625rem] leading-7`
