import type { Config } from '../config'
import type { Db } from '../db/types'
import type { Outbox } from '../plugins/outbox'
import type { Client } from '../repos/audit'

/** What a flow needs from the request around it, without depending on HTTP. */
export interface FlowContext {
  db: Db
  config: Config
  outbox: Outbox
  client: Client
}
