// An editor page's title: a large heading to type into, wrapping as a heading does. A title is one
// line: Enter does not break it.
import type { ComponentProps } from 'react'
import { titleInput } from './styles'

export function TitleInput(props: Omit<ComponentProps<'textarea'>, 'rows' | 'className'>) {
  return (
    <textarea
      rows={1}
      className={titleInput}
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault()
        props.onKeyDown?.(event)
      }}
    />
  )
}
