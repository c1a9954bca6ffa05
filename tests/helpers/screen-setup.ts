// Setup file of the screen tests (vitest.config.ts), run before each file. The files of one worker
// share their modules and their DOM, so what a test or a file leaves behind is reset here: a hook
// at the top of a shared module would be registered for the worker's first file only.
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'
import { clearToasts } from '~/components/ui/toast'

afterEach(() => {
  cleanup()
  clearToasts()
  sessionStorage.clear()
})

// Sessions a file's clients stored (under a key named after the backend's host, the same for every
// file's backend): the next file starts signed out.
afterAll(() => localStorage.clear())
