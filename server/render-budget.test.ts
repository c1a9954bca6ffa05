import { describe, expect, it } from 'vitest'
import { RenderBudget, RenderQueueFull } from './render-budget.ts'

describe('the budget of renders of uncached pages', () => {
  it('refuses a client past its budget with 429 and when to come back, and nobody else', () => {
    const budget = new RenderBudget({ perClientPerMinute: 3, perSecond: 100, atOnce: 2 })
    for (let i = 0; i < 3; i++) expect(budget.admit('flooder')).toBeNull()
    const refusal = budget.admit('flooder')
    expect(refusal?.status).toBe(429)
    expect(refusal?.retryAfterSeconds).toBeGreaterThan(50)
    expect(refusal?.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect(budget.admit('someone else')).toBeNull()
  })

  it('refuses past the site-wide budget with 503, whoever asks', () => {
    const budget = new RenderBudget({ perClientPerMinute: 100, perSecond: 2, atOnce: 2 })
    expect(budget.admit('a')).toBeNull()
    expect(budget.admit('b')).toBeNull()
    expect(budget.admit('c')).toEqual({ status: 503, retryAfterSeconds: 1 })
  })

  it('runs at most atOnce renders, the others in turn, and refuses one that waited too long', async () => {
    const budget = new RenderBudget({ perClientPerMinute: 100, perSecond: 100, atOnce: 2, maxWaitMs: 200 })
    let running = 0
    let most = 0
    const releases: (() => void)[] = []
    const render = () =>
      budget.run(async () => {
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => releases.push(resolve))
        running -= 1
      })
    const renders = [render(), render(), render()]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(running).toBe(2)
    releases.shift()!()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(running).toBe(2)
    const late = render()
    await expect(late).rejects.toBeInstanceOf(RenderQueueFull)
    releases.splice(0).forEach((release) => release())
    await Promise.all(renders)
    expect(most).toBe(2)
  })
})
