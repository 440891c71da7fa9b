import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { type FileStore, fileStore } from '../files/store'

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore
  }
}

/** `app.files`: the stored images under DATA_DIR/files and their signed links (files/store.ts). */
export default fp(
  (app: App, _options, done) => {
    app.decorate('files', fileStore(app.config.dataDir, app.db))
    done()
  },
  { name: 'files', dependencies: ['db'] },
)
