/**
 * A new respondent id for the tree demo's address. Its own module: the route's beforeLoad needs it,
 * and importing it from TreeDemoPage would pull the whole demo into the first load.
 */
export const newRespondentId = () => `respondent-${crypto.randomUUID().slice(0, 8)}`
