import { Button, Callout, Checkbox, Code, Flex, Grid, Text } from '@radix-ui/themes'
import { saveText } from '../download/download'
import { CopyButton } from './CopyButton'

/** The codes as a text file says them: one per line, with what they are for. */
export function recoveryCodesText(codes: readonly string[], account: string): string {
  return [
    `Gatehouse recovery codes for ${account}`,
    'Each code signs you in once when your authenticator app is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n')
}

type Props = {
  codes: readonly string[]
  /** Whose codes these are, in the downloaded file. */
  account: string
  saved: boolean
  onSavedChange: (saved: boolean) => void
}

/**
 * Recovery codes, shown this once (docs/second-factors.md): copy, download as text, and "I have
 * saved these codes" before the screen moves on.
 */
export function RecoveryCodes({ codes, account, saved, onSavedChange }: Props) {
  const text = recoveryCodesText(codes, account)
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="amber" role="note">
        <Callout.Text>
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your
          authenticator app. They will not be shown again.
        </Callout.Text>
      </Callout.Root>
      <Grid
        asChild
        columns="2"
        gap="2"
        p="3"
        style={{ background: 'var(--gray-a3)', borderRadius: 'var(--radius-3)' }}
      >
        <ul aria-label="Recovery codes" style={{ listStyle: 'none', margin: 0 }}>
          {codes.map((code) => (
            <li key={code}>
              <Code size="3" variant="ghost">
                {code}
              </Code>
            </li>
          ))}
        </ul>
      </Grid>
      <Flex gap="2" wrap="wrap">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button
          type="button"
          variant="soft"
          onClick={() => saveText('gatehouse-recovery-codes.txt', text, 'text/plain')}
        >
          Download
        </Button>
      </Flex>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={saved} onCheckedChange={(next) => onSavedChange(next === true)} />I
          have saved these codes
        </Flex>
      </Text>
    </Flex>
  )
}
