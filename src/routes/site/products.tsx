import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { ProductCard } from '~/features/products/components/product-card'
import { PRODUCTS } from '~/features/products/products'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/products'

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Products',
    description: 'EDU, HR, Core Banking, Hospital Management, iRepay and custom solutions: our products and where each one stands.',
    path: '/products',
  })
}

export default function Products() {
  return (
    <>
      <PageHero eyebrow="Products" title="Our Products" description="Platforms that are live with clients today, and the ones our teams are building next." />
      <Container className="py-14 sm:py-20">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {PRODUCTS.map((product, index) => (
            <li key={product.name}>
              <ProductCard product={product} index={index} />
            </li>
          ))}
        </ul>
      </Container>
    </>
  )
}
