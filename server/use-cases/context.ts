import type { Config } from '../config'
import type { Db } from '../db/types'
import type { Outbox } from '../outbox/outbox'
import type { Client } from '../repos/audit'

/** What a use case needs from the request around it, without depending on HTTP. */
export interface UseCaseContext {
  db: Db
  config: Config
  outbox: Outbox
  client: Client
  /**
   * The live session the request's cookie names, if any. A sign-in replaces that cookie, so it
   * ends this session: a browser signing in again does not leave its previous session behind.
   */
  priorSessionId?: string
  /** The device cookie the browser sent (domain/device-cookie.ts), unread until a check needs it. */
  deviceCookie?: string
}
