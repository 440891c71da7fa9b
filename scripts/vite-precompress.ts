import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
/** Below this a compressed answer saves nothing worth a header. */
const MIN_BYTES = 1024

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  )
  return nested.flat()
}

/**
 * Writes `x.br` (brotli, best quality below 1 MB) and `x.gz` (gzip -9) beside every compressible file of the
 * build, once, so that the server (server/plugins/static-console.ts, preCompressed) sends them
 * without compressing per request. See docs/console-first-load.md.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'gatehouse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const targets = (await files(outDir)).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        targets.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return
          const body = await readFile(file)
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                // The best quality is slow on the largest chunks (signed-in only, such as the
                // Flows layout engine); a notch below keeps a first `npm start` quick.
                [constants.BROTLI_PARAM_QUALITY]:
                  body.length > 1024 * 1024 ? 9 : constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ])
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)])
        }),
      )
    },
  }
}
