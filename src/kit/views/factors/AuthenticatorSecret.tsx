import { Code, Flex, Text } from '@radix-ui/themes'
import { CopyButton } from './CopyButton'
import { QrCode } from './QrCode'

/** The base32 secret in groups of four, as authenticator apps ask for it by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * A new authenticator app's secret, three ways: the QR code to scan, the secret to type, and the
 * `otpauth://` URI it all comes from (for password managers that take one).
 */
export function AuthenticatorSecret({
  secret,
  uri,
  stacked = false,
}: {
  secret: string
  uri: string
  /** The QR code above the key at every width (a narrow card, like the sign-in's). */
  stacked?: boolean
}) {
  return (
    <Flex
      direction={stacked ? 'column' : { initial: 'column', sm: 'row' }}
      gap="4"
      align={stacked ? 'center' : { initial: 'center', sm: 'start' }}
    >
      <QrCode value={uri} label="QR code for your authenticator app" />
      <Flex
        direction="column"
        gap="2"
        minWidth="0"
        flexGrow="1"
        width={stacked ? '100%' : undefined}
      >
        <Text as="p" size="2">
          Scan the QR code with your authenticator app, or enter this key in it:
        </Text>
        <Code
          size="3"
          variant="ghost"
          data-testid="authenticator-secret"
          // Breaks between the groups of four, so a group is never split on a phone.
          style={{ overflowWrap: 'anywhere' }}
        >
          {groupSecret(secret)}
        </Code>
        <Flex gap="2" wrap="wrap">
          <CopyButton text={secret} label="Copy key" />
          <CopyButton text={uri} label="Copy link" />
        </Flex>
        <Text as="p" size="1" color="gray" style={{ wordBreak: 'break-all' }}>
          <span data-testid="authenticator-uri">{uri}</span>
        </Text>
      </Flex>
    </Flex>
  )
}
