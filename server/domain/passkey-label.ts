import { summarizeUserAgent } from '../../schema/user-agent'

/**
 * What a person will recognise a passkey by: the browser and system it was made on, from the
 * User-Agent of the registration ('Chrome on Linux', 'Safari on iOS'), or 'Passkey'.
 */
export const passkeyLabel = (userAgent: string): string => summarizeUserAgent(userAgent, 'Passkey')
