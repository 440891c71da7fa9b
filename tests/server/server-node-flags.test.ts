import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/bench/support'

// The benchmarks measure the server as `npm start` and the container run it.
describe('the server process', () => {
  it('has the same Node flags and environment in npm start, the Dockerfile and the benchmarks', () => {
    const start = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
    ).scripts.start
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=\${${name}:-${value}}`)
    expect(start).toBe(`${env.join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`)
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    const dockerEnv = /^ENV MALLOC_ARENA_MAX=[^]*?(?=\n\S)/m.exec(dockerfile)?.[0]
    expect(dockerEnv?.replace(/\\\n\s*/g, '')).toBe(
      `ENV ${Object.entries(SERVER_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')}`,
    )
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.mjs'])
  })
})
