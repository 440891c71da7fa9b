// The wording helpers live with the machines, which send the notices (machines/system.ts notify).
export { failed, succeeded } from '../../machines/notification.messages'
