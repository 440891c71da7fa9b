import { Button, Flex, Separator, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { LoginActor, LoginSnapshot } from '../machines/login.machine'
import { METHOD_TEXT, textSentLine } from '../machines/login.messages'
import {
  selectBusy,
  selectCanResend,
  selectCanVerify,
  selectCode,
  selectCodeError,
  selectDestination,
  selectMethod,
  selectOtherMethods,
  selectResent,
  selectTextSent,
} from '../machines/login.selectors'
import { FormField } from '../../../kit/views/form/FormField'
import { SubmitButton } from '../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { BackToLogin } from './BackToLogin'

const selectForm = (s: LoginSnapshot) => ({
  code: selectCode(s),
  codeError: selectCodeError(s),
  busy: selectBusy(s),
  canVerify: selectCanVerify(s),
  method: selectMethod(s),
  others: selectOtherMethods(s),
  textSent: selectTextSent(s),
  destination: selectDestination(s),
  resent: selectResent(s),
  canResend: selectCanResend(s),
})

/** Where the text went (said again, politely, when a new one goes), and "Resend code". */
function TextSent({ actor, busy }: { actor: LoginActor; busy: boolean }) {
  const { destination, resent, canResend } = useSelector(actor, selectForm, shallowEqual)
  return (
    <Flex direction="column" gap="2" align="start">
      <Text as="p" size="2" color="gray" role="status">
        {textSentLine(destination, resent)}
      </Text>
      <Flex align="center" gap="2" wrap="wrap">
        <Text size="2" color="gray">
          No text after a minute?
        </Text>
        <Button
          type="button"
          variant="ghost"
          size="2"
          disabled={busy || !canResend}
          onClick={() => actor.send({ type: 'mfa.resend' })}
        >
          Resend code
        </Button>
      </Flex>
    </Flex>
  )
}

/**
 * The second factor (SPEC.md §2 'Login', docs/second-factors.md): the code of the factor asked
 * for (the six-character code sent by SMS in SPEC.md's words, the authenticator app's, or a
 * recovery code) with its length, where a text went and 'Resend code', and the account's other
 * factors under 'Use another method'.
 */
export function CodeForm({ actor }: { actor: LoginActor }) {
  const { code, codeError, busy, canVerify, method, others, textSent } = useSelector(
    actor,
    selectForm,
    shallowEqual,
  )
  const text = METHOD_TEXT[method]
  const recovery = method === 'recovery'
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'mfa.submit' })}>
      <Text as="p">{text.prompt}</Text>
      {textSent && <TextSent actor={actor} busy={busy} />}
      <FormField
        // A new field for each factor: what was typed for one is not offered to the next.
        key={method}
        label={text.label}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize={recovery ? 'characters' : undefined}
        spellCheck={false}
        autoFocus
        maxLength={recovery ? 11 : 6}
        hint={text.hint}
        readOnly={busy}
        value={code}
        error={codeError}
        onValueChange={(value) => actor.send({ type: 'mfa.codeChanged', value })}
      />
      <SubmitButton busy={busy} canSubmit={canVerify}>
        Validate Code
      </SubmitButton>
      {others.length > 0 && (
        <Flex direction="column" gap="2" asChild>
          <section aria-labelledby="login-other-methods">
            <Separator size="4" />
            <Text as="p" size="2" weight="medium" id="login-other-methods">
              Use another method
            </Text>
            <Flex gap="2" wrap="wrap">
              {others.map((other) => (
                <Button
                  key={other}
                  type="button"
                  variant="soft"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'mfa.useMethod', method: other })}
                >
                  {METHOD_TEXT[other].use}
                </Button>
              ))}
            </Flex>
          </section>
        </Flex>
      )}
      <BackToLogin actor={actor} busy={busy} />
    </SubmitForm>
  )
}
