// Every change a manager makes to its list goes the same way. A failure shows the spec's error
// toast and changes nothing else: the list keeps what it showed, an open dialog keeps what was
// typed. A success shows its toast, then `done` (close the dialog), then the list loads again.
import { notifyError, notifySuccess } from './notify'

export interface ChangeMessages {
  failure: string
  /** No toast when left out (a move in a list shows itself). */
  success?: string
}

export type ListChange = (change: () => Promise<unknown>, messages: ChangeMessages, done?: () => void) => Promise<boolean>

/**
 * `reload` loads the list again; `notify` is the success toast's form (`notifyDone` where the spec
 * titles the toast with the message itself). The returned function says whether the change was made.
 */
export function listChange(reload: () => Promise<void>, notify: (message: string) => void = notifySuccess): ListChange {
  return async (change, { failure, success }, done) => {
    try {
      await change()
    } catch (error) {
      notifyError(failure, error)
      return false
    }
    if (success) notify(success)
    done?.()
    await reload()
    return true
  }
}
