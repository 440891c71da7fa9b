import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { importLegacyFiles } from '../files/legacy'
import { type FileStore, fileStore } from '../files/store'

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore
  }
}

const SWEEP_INTERVAL_MS = 60 * 60_000
/** An attribute image is uploaded before the key that names it is saved: a day to save it. */
const SWEEP_GRACE_MS = 24 * 60 * 60_000

/**
 * `app.files`: the stored images (in the database, files/store.ts) and their signed links. Before
 * it is ready, images an older version left in DATA_DIR/files are imported (files/legacy.ts); at
 * start and every hour, files no row names and older than a day are deleted. Several processes
 * doing either at once is harmless.
 */
export default fp(
  (app: App, _options, done) => {
    app.decorate('files', fileStore(app.db))
    let running: Promise<void> | undefined
    const sweep = () => {
      running ??= app.files.storage
        .sweep(new Date(Date.now() - SWEEP_GRACE_MS))
        .then((count) => {
          if (count > 0) app.log.info({ count }, 'deleted stored files no row names')
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'stored file sweep failed'))
        .finally(() => (running = undefined))
    }
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS)
    timer.unref()
    app.addHook('onReady', async () => {
      const count = await importLegacyFiles(app.config.dataDir, app.db)
      if (count > 0) app.log.info({ count }, 'imported the images of DATA_DIR/files')
      sweep()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
    done()
  },
  { name: 'files', dependencies: ['db'] },
)
