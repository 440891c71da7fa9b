/** What a snapshot with an error message in its context and an 'error' tag is asked for. */
type MessageSnapshot = { hasTag(tag: string): boolean; context: { error: string | null } }

/**
 * The message line a path's step reads: the context's error while the state is tagged 'error',
 * else 'no message'.
 */
export const messageLine = (s: MessageSnapshot) =>
  s.hasTag('error') ? `the message reads “${s.context.error}”` : 'no message'
