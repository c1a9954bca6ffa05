// How many uploads (posts whose route takes a body past the ordinary form size: a CV) are read at
// once, for the whole site and per client, so that slow or stalled uploads cannot take the
// server's memory: each one read holds its bytes until it is complete. An upload beyond either
// count is refused before any of its body is read (refusals.ts closes its connection); a slot is
// free again once its body has been read, refused or abandoned.

export type SlotRefusal = 'client-uploading' | 'site-uploading'

export class UploadSlots {
  private inFlight = 0
  private readonly perClient = new Map<string, number>()

  constructor(
    private readonly siteWide: number,
    private readonly eachClient: number,
  ) {}

  /** A slot for `client`, with the function that frees it, or why there is none. */
  take(client: string): { release: () => void } | { refused: SlotRefusal } {
    const theirs = this.perClient.get(client) ?? 0
    if (theirs >= this.eachClient) return { refused: 'client-uploading' }
    if (this.inFlight >= this.siteWide) return { refused: 'site-uploading' }
    this.inFlight += 1
    this.perClient.set(client, theirs + 1)
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.inFlight -= 1
        const left = (this.perClient.get(client) ?? 1) - 1
        if (left > 0) this.perClient.set(client, left)
        else this.perClient.delete(client)
      },
    }
  }
}
