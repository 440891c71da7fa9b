import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Config, ConfigError, loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/database'
import { DataDirLockedError } from '../../server/db/lock'
import type { UseCaseContext } from '../../server/use-cases/context'
import { rotateFactorKey } from '../../server/use-cases/factor-secrets'
import { rotateSigningKeys } from '../../server/use-cases/oidc-keys'
import {
  AdminCommandError,
  commandContext,
  mailResetLinkCommand,
  resetPasswordCommand,
  unlockCommand,
} from './commands'

export const USAGE = [
  'usage: npm run admin -- unlock <email>',
  '       npm run admin -- reset-password <email> [--mail]',
  '       npm run admin -- rotate-keys',
  '',
  '  unlock <email>          lift the account lock and email the owner a password reset link',
  '  reset-password <email>  set a generated password, printed once, to be changed at next sign-in',
  '                          (--mail: email the owner a reset link instead)',
  '  rotate-keys             a new signing key for single sign-on; the previous one still verifies',
  '                          (servers pick it up within a minute: docs/sso.md); and a new key',
  '                          sealing authenticator secrets, all of them sealed again with it',
  '',
  'Works on the configured database: PGlite in DATA_DIR while the server is stopped, or',
  'PostgreSQL (DATABASE_URL) at any time.',
].join('\n')

export interface AdminIo {
  out: (text: string) => void
  err: (text: string) => void
}

class UsageError extends Error {}

function readArguments(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { mail: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) return { help: true as const }
  const [command, email, ...rest] = positionals
  if (command === 'rotate-keys') {
    if (email !== undefined) throw new UsageError('rotate-keys takes no arguments.')
    return { help: false as const, command, email: '', mail: false }
  }
  if (command !== 'unlock' && command !== 'reset-password')
    throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
  if (!email || rest.length > 0) throw new UsageError(`${command} takes one email address.`)
  if (values.mail && command !== 'reset-password')
    throw new UsageError('--mail goes with reset-password.')
  return { help: false as const, command, email, mail: values.mail ?? false }
}

/**
 * An existing database only: on PGlite a DATA_DIR without one is almost always the wrong
 * directory, and opening it would quietly create an empty database there.
 */
async function openExisting(config: Config) {
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite'))) {
    throw new AdminCommandError(
      `There is no Gatehouse database in DATA_DIR ${config.dataDir}. ` +
        'Run this where the server runs, with the same DATA_DIR or DATABASE_URL.',
    )
  }
  return openDatabase(config)
}

type Command = Exclude<ReturnType<typeof readArguments>, { help: true }>

/** Runs one command and tells the operator what happened; answers whether an email went out. */
async function runCommand(args: Command, ctx: UseCaseContext, io: AdminIo): Promise<boolean> {
  if (args.command === 'rotate-keys') {
    const kids = await rotateSigningKeys(ctx.db, ctx.client)
    const resealed = await rotateFactorKey(ctx.db, ctx.client)
    io.out(
      `New signing keys: ${kids.join(', ')}.\nThe previous keys stay published for verification; ` +
        'running servers sign with the new ones within a minute.\n' +
        `New authenticator key: ${resealed} ${resealed === 1 ? 'secret' : 'secrets'} sealed again.\n`,
    )
    return false
  }
  if (args.command === 'unlock') {
    const { email, unlocked } = await unlockCommand(ctx, args.email)
    io.out(
      unlocked
        ? `Unlocked ${email}. A password reset link was emailed to them.\n`
        : `${email} was not locked; nothing was sent.\n`,
    )
    return unlocked
  }
  if (args.mail) {
    const { email } = await mailResetLinkCommand(ctx, args.email)
    io.out(`A password reset link was emailed to ${email}.\n`)
    return true
  }
  const { email, password } = await resetPasswordCommand(ctx, args.email)
  io.out(
    `The password of ${email} is now:\n\n  ${password}\n\n` +
      'Shown only this once. It must be changed at the next sign-in; any lock is lifted and ' +
      'the account’s sessions have ended.\n',
  )
  return false
}

/** `npm run admin -- …` (scripts/admin.ts): answers the exit code; 2 for a usage mistake. */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  io: AdminIo,
): Promise<number> {
  let args: ReturnType<typeof readArguments>
  try {
    args = readArguments(argv)
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (args.help) {
    io.out(`${USAGE}\n`)
    return 0
  }
  try {
    const config = loadConfig(env)
    const database = await openExisting(config)
    const { ctx, close } = commandContext(database.db, config, io.out)
    try {
      const mailed = await runCommand(args, ctx, io)
      if (mailed && !config.smtpUrl)
        io.out(`(No SMTP_URL: the email is in ${path.join(config.dataDir, 'outbox')}.)\n`)
    } finally {
      await close()
      await database.close()
    }
    return 0
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `Cannot run: ${error.message}\nStop the server first: PGlite allows one process per ` +
          'DATA_DIR. On PostgreSQL (DATABASE_URL) this command also works while the server runs.\n',
      )
    } else if (error instanceof ConfigError || error instanceof AdminCommandError) {
      io.err(`Cannot run: ${error.message}\n`)
    } else {
      io.err(
        `Cannot run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      )
    }
    return 1
  }
}
