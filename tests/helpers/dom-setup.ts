// Setup file of every vitest project: in DOM tests, Testing Library's findBy*/waitFor wait 5 s for
// what they look for, not 1 s. A file's first render loads its modules (about 1 s on its own), which
// a busy machine stretches past the default. Node tests do not load Testing Library for it.
export {}

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5_000 })
}
