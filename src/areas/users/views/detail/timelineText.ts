// The sentences live in schema/audit-text.ts: the Timeline, the Logs screen and the server's CSV
// export share them.
export { changeText, personName, timeAgo, timelineText } from '../../../../../schema/audit-text'
