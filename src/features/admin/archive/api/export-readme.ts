// The README of an export: what it holds, and how an examiner checks it with sha256sum and jq
// alone. Each command is one line after "$ "; on an intact export each prints nothing (the test of
// the export runs them as they are written here).

export interface ReadmeFacts {
  since: string
  until: string
  site: string
  records: number
  pages: number
}

export function exportReadme({ since, until, site, records, pages }: ReadmeFacts): string {
  return `PUBLICATION RECORD EXPORT
${site}, from ${since} to ${until} (UTC)

What visitors of the site could read in this period, as the site's publication record keeps it.
The database appends one record whenever something visitors see changes: a page's text, a post,
a testimonial, a setting shown in the footer, whoever or whatever made the change (an edit, an
approval, a release, a release rolled back, a scheduled time). Nobody can change a record afterwards.

This export holds
  manifest.json   ${records} records, ${pages} page versions and the files they show:
                  records[]  each record: seq (its place in the chain), hash, prev_hash, canonical
                             (the exact text its hash covers), record (the same text as JSON: the
                             item, what visitors saw of it (content), when it went live (live_from),
                             who wrote it, who made it live, and its approval: the reviewer, when,
                             and the fingerprint of the version approved) and live_until (when the
                             next record of the same item replaced it; null: still live then)
                  pages[]    each public page at each version: its path, from and until when it was
                             live, and the file holding it as it was rendered then
                  files[]    each stored image those pages show, with its content hash
                  chain      the state of the whole chain when this was exported
  pages/          the pages, as visitors saw them (open them in a browser; links point to the live site)
  files/          the images the pages show, kept as they were
  SHA256SUMS      the SHA-256 of every file above

How to check it (in a shell with sha256sum and jq, in the folder this ZIP was unpacked into)

1. Every file is as exported (prints nothing when all are):
  $ sha256sum -c --quiet SHA256SUMS

2. Each record's hash is the SHA-256 of its canonical text (prints nothing when all are):
  $ jq -c '.records[]' manifest.json | while read -r r; do h=$(printf '%s' "$r" | jq -j .canonical | sha256sum | cut -c1-64); [ "$h" = "$(printf '%s' "$r" | jq -r .hash)" ] || printf '%s\\n' "$r" | jq -r '"record \\(.seq): its text does not give its hash"'; done

3. Each record names the hash of the record before it, so none was changed, removed or inserted
   without breaking every link after it (prints nothing when the chain holds):
  $ jq -r '.records as $r | range(1; $r | length) | select($r[.].prev_hash != $r[. - 1].hash) | "record \\($r[.].seq): the record before it is not the one it names"' manifest.json

4. What each record says is exactly its hashed text (prints nothing when it is):
  $ jq -r '.records[] | select((.canonical | fromjson) != .record or (.canonical | fromjson | .prev_hash) != .prev_hash) | "record \\(.seq): its fields differ from its hashed text"' manifest.json

Where the chain starts and ends
  The first record's prev_hash (chain.first_prev_hash) is 64 zeros when it is the first record
  ever made, or else the hash of the record before it: an earlier export holding that record shows
  the two belong to one chain. chain.head_hash is the newest record's hash when this was exported:
  a later export must hold a record with that hash, or the chain was rewritten since.

To read it
  The site on a given day:    jq -r '.pages[] | select(.live_from <= "2030-01-31T23:59:59Z" and (.live_until == null or .live_until > "2030-01-31T23:59:59Z")) | .file' manifest.json
  An item's versions:         jq '.records[] | select(.record.title == "Title") | .record' manifest.json
  Who approved what:          jq -r '.records[] | .record | [.live_from, .kind, .title, (.approval.reviewer_name // "no approval")] | @tsv' manifest.json
`
}
