import type { FlowGraph } from '../graph'

/**
 * The graph of every statechart as the last release shipped it (graphs.json beside this file,
 * written by `npm run flows -- --release` as a release step): what the Flows page's Changes
 * section compares today's machine with.
 */
export type Release = { version: string; graphs: Record<string, FlowGraph> }

/** The committed baseline, loaded on demand: the page's bundle does not carry it until asked. */
export async function loadRelease(): Promise<Release> {
  const { default: release } = await import('./graphs.json')
  return release as Release
}
