const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** '11 states, 15 transitions'. */
export const countsText = ({ states, transitions }: { states: number; transitions: number }) =>
  `${plural(states, 'state', 'states')}, ${plural(transitions, 'transition', 'transitions')}`

/** '93 % (14 of 15 transitions taken)': what the model-based tests reach. */
export function coverageText(covered: number, transitions: number): string {
  const percent = transitions === 0 ? 100 : Math.floor((covered / transitions) * 100)
  return `${percent} % (${covered} of ${transitions} transitions taken)`
}
