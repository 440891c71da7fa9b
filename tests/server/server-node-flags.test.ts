import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from '../../scripts/bench/support'

// The benchmarks measure the server as `npm start` and the container run it.
describe('the server Node flags', () => {
  it('are the same in npm start, the Dockerfile and the benchmarks', () => {
    const start = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
    ).scripts.start
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx scripts/start.ts`)
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1]
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      'server/main.ts',
    ])
  })
})
