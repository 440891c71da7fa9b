import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/bench/support'

// The benchmarks measure the server as `npm start` and the container run it.
describe('the server process', () => {
  it('has the same Node flags and environment in npm start, the Dockerfile and the benchmarks', () => {
    const start = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
    ).scripts.start
    expect(start).toBe(
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${SERVER_ENV.MALLOC_ARENA_MAX}} node ${SERVER_NODE_FLAGS.join(' ')} --import tsx scripts/start.ts`,
    )
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    expect(dockerfile).toContain(`ENV MALLOC_ARENA_MAX=${SERVER_ENV.MALLOC_ARENA_MAX}`)
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      'server/main.ts',
    ])
  })
})
