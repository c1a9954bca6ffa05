// The product a test file runs against. Each worker of the browser tests has its own `npm start`
// (its own database, clock and settings): a file that moves the backend's clock or turns a site
// setting on changes nothing for the file running beside it on the other worker.
import { inject } from 'vitest'
import type { Product } from './serve-product.ts'

function thisWorkersProduct(): Product {
  const products = inject('products')
  const product = products[(Number(process.env.VITEST_POOL_ID) || 1) - 1]
  if (!product) throw new Error(`no product for worker ${process.env.VITEST_POOL_ID} of ${products.length} (serve-product.ts)`)
  return product
}

const product = thisWorkersProduct()

export const siteUrl = product.siteUrl
export const dataDir = product.dataDir

/** The product's local backend (its URL and keys), for arranging data as staff would. */
export function productBackend(): NonNullable<Product['backend']> {
  if (!product.backend) throw new Error('the e2e setup did not provide the backend (serve-product.ts)')
  return product.backend
}
