// Bundles TypeScript entry points into ES modules for plain Node, dependencies left in node_modules.
// A file is written only when its content changed, and replaced whole (written beside it, then
// renamed over it): `npm start`, the test runs and the benchmarks rebuild the same bundles, and a
// process starting from one while another rebuilds it reads the old file or the new one, never half.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build, type BuildOptions } from 'esbuild'

export type NodeBundleOptions = Pick<BuildOptions, 'entryPoints' | 'outdir' | 'outfile' | 'outExtension'>

async function unchanged(file: string, contents: Uint8Array): Promise<boolean> {
  const existing = await readFile(file).catch(() => null)
  return existing !== null && Buffer.compare(existing, contents) === 0
}

export async function bundleForNode(options: NodeBundleOptions): Promise<void> {
  const result = await build({
    ...options,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    write: false,
  })
  for (const output of result.outputFiles) {
    if (await unchanged(output.path, output.contents)) continue
    await mkdir(path.dirname(output.path), { recursive: true })
    const partial = `${output.path}.${process.pid}.partial`
    await writeFile(partial, output.contents)
    await rename(partial, output.path)
  }
}
