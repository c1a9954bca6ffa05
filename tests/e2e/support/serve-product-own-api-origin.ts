// Global setup of the own-origin browser suite: the product as a hosted deployment runs it.
import type { TestProject } from 'vitest/node'
import { serve } from './serve-product.ts'

export default function serveProductWithOwnApiOrigin(project: TestProject): Promise<() => Promise<void>> {
  return serve(project, { apiOrigin: 'own' })
}
