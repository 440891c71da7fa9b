// A stand-in for a running server in data-dir-lock.test.ts: takes the DATA_DIR lock given as the
// first argument, says so, and holds it until it is killed.
import { lockDataDir } from '../../server/db/lock'

lockDataDir(process.argv[2] ?? '')
process.stdout.write('locked\n')
setInterval(() => {}, 60_000)
