// CPU time by part of the system under a benchmark: the processes that descend from this one (the
// server it started, the browser and the browser's renderer, GPU and utility processes), read from
// /proc (Linux). Benchmarks take two readings and print the difference beside their timings, to say
// where a slower run spent its time.
import { readdirSync, readFileSync } from 'node:fs'
import { execSync } from 'node:child_process'

/** CPU milliseconds (user + system) per part, e.g. { server: 5200, renderer: 900, browser: 3100 }. */
export type CpuByPart = Record<string, number>

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100

type Proc = { pid: number; ppid: number; ticks: number; part: string }

function partOf(cmdline: string[]): string {
  const program = cmdline[0] ?? ''
  if (/chrom/i.test(program)) {
    const type = cmdline.find((arg) => arg.startsWith('--type='))?.slice('--type='.length)
    if (!type) return 'browser'
    if (type === 'utility') {
      const sub = cmdline.find((arg) => arg.startsWith('--utility-sub-type='))
      const name = sub?.split('=')[1]?.split('.')[0] ?? 'utility'
      return `utility (${name})`
    }
    return type === 'gpu-process' ? 'gpu' : type
  }
  if (cmdline.some((arg) => arg.endsWith('server/main.ts'))) return 'server'
  return program.split('/').pop() ?? 'other'
}

function readProcs(): Proc[] {
  const procs: Proc[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ppid = Number(fields[1])
      const ticks = Number(fields[11]) + Number(fields[12])
      // Chromium rewrites its child processes' titles: their arguments arrive as one string.
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean)
      procs.push({ pid: Number(name), ppid, ticks, part: partOf(cmdline) })
    } catch {
      // The process ended while it was read.
    }
  }
  return procs
}

/** The CPU time used so far by every live descendant of `root` (this process by default), by part. */
export function cpuOfDescendants(root = process.pid): CpuByPart {
  const procs = readProcs()
  const children = new Map<number, Proc[]>()
  for (const proc of procs) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc])
  const byPart: CpuByPart = {}
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      byPart[child.part] = (byPart[child.part] ?? 0) + (child.ticks * 1000) / TICKS_PER_SECOND
      walk(child.pid)
    }
  }
  walk(root)
  return byPart
}

/** What each part used between two readings (a part that ended in between counts from zero). */
export function cpuBetween(before: CpuByPart, after: CpuByPart): CpuByPart {
  return Object.fromEntries(
    Object.entries(after).map(([part, ms]) => [part, Math.max(0, ms - (before[part] ?? 0))]),
  )
}
