import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import type { InteractionDetails } from '../../../../schema/oidc'
import { loginInput } from '../machines/login.machine'
import { expiryTitle } from '../../../kit/session/passwordExpiry.selectors'
import {
  serviceSignInMachine,
  type ServiceSignInActor,
  type ServiceSignInSnapshot,
} from '../machines/serviceSignIn.machine'
import {
  consentHeading,
  MUST_CHANGE_PASSWORD,
  RETURNING,
  scopeText,
  signInHeading,
} from '../machines/serviceSignIn.messages'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { LoginView } from './LoginView'
import {
  selectScreen,
  selectDetails,
  selectError,
  selectDays,
  selectLogin,
  selectBusy,
  selectNotice,
  type Screen,
} from '../machines/serviceSignIn.selectors'

/** The service's logo (or its initial) above the card's heading. */
function ServiceMark({ service }: { service: InteractionDetails['service'] }) {
  const [broken, setBroken] = useState(false)
  return (
    <Flex justify="center">
      <Flex
        width="72px"
        height="72px"
        align="center"
        justify="center"
        style={{
          borderRadius: 'var(--radius-3)',
          background: 'var(--gray-a2)',
          border: '1px solid var(--gray-a5)',
          overflow: 'hidden',
        }}
      >
        {service.logoUrl && !broken ? (
          <img
            src={service.logoUrl}
            alt={`${service.name} logo`}
            onError={() => setBroken(true)}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Text size="7" weight="bold" color="gray" aria-hidden>
            {service.name.slice(0, 1).toUpperCase()}
          </Text>
        )}
      </Flex>
    </Flex>
  )
}

/** A screen of the page: the service's mark, its h1, then what the step shows. */
function Screen({
  mark,
  title,
  children,
}: {
  mark: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <Flex direction="column" gap="4">
      {mark}
      <Heading as="h1" size="6" align="center">
        {title}
      </Heading>
      {children}
    </Flex>
  )
}

function Waiting({ message }: { message: string }) {
  return (
    <Flex align="center" justify="center" gap="3" py="4" role="status">
      <Spinner size="3" />
      <Text>{message}</Text>
    </Flex>
  )
}

function ToPasswordChange() {
  return (
    <Button asChild size="3" variant="soft">
      <Link to="/password">Change password</Link>
    </Button>
  )
}

function CancelButton({ actor, busy }: { actor: ServiceSignInActor; busy: boolean }) {
  return (
    <Button
      type="button"
      variant="ghost"
      disabled={busy}
      onClick={() => actor.send({ type: 'interaction.cancel' })}
    >
      Cancel
    </Button>
  )
}

const selectView = (s: ServiceSignInSnapshot) => ({
  screen: selectScreen(s),
  details: selectDetails(s),
  error: selectError(s),
  days: selectDays(s),
  login: selectLogin(s),
  busy: selectBusy(s),
  notice: selectNotice(s),
})

/** One screen of the sign-in to a service, as the statechart says. */
export function ServiceSignInView({ actor }: { actor: ServiceSignInActor }) {
  const { screen, details, error, days, login, busy, notice } = useSelector(
    actor,
    selectView,
    shallowEqual,
  )
  const name = details?.service.name ?? 'the service'
  const mark = details ? <ServiceMark service={details.service} /> : null

  if (screen === 'signingIn' && login) {
    return (
      <Flex direction="column" gap="3">
        <LoginView
          actor={login}
          loggedOut={false}
          focusPassword={login.getSnapshot().context.username !== ''}
          heading={signInHeading(name)}
          header={mark}
          notice={notice}
        />
        <CancelButton actor={actor} busy={busy} />
      </Flex>
    )
  }
  if (screen === 'consent' && details) {
    return (
      <Screen mark={mark} title={consentHeading(name)}>
        {details.signedIn && (
          <Text as="p" align="center" color="gray">
            Signed in as {details.signedIn.name}
          </Text>
        )}
        <Text as="p">{name} would like to:</Text>
        <ul aria-label="What the service asks for" style={{ margin: 0 }}>
          {details.scopes.map((scope) => (
            <li key={scope}>
              <Text>{scopeText(scope)}</Text>
            </li>
          ))}
        </ul>
        <Button size="3" onClick={() => actor.send({ type: 'interaction.allow' })}>
          Allow
        </Button>
        <CancelButton actor={actor} busy={busy} />
      </Screen>
    )
  }
  if (screen === 'expiryWarning') {
    return (
      <Screen mark={mark} title={expiryTitle(days)}>
        <Text as="p" align="center">
          Change it in Gatehouse before it expires, or continue to {name} now.
        </Text>
        <Button size="3" onClick={() => actor.send({ type: 'interaction.continue' })}>
          Continue to {name}
        </Button>
        <ToPasswordChange />
      </Screen>
    )
  }
  if (screen === 'mustChangePassword') {
    return (
      <Screen mark={mark} title={signInHeading(name)}>
        <ErrorCallout message={MUST_CHANGE_PASSWORD} />
        <ToPasswordChange />
        <CancelButton actor={actor} busy={busy} />
      </Screen>
    )
  }
  if (screen === 'failed') {
    return (
      <Screen mark={mark} title={signInHeading(name)}>
        <ErrorCallout message={error ?? ''} />
        <Button size="3" onClick={() => actor.send({ type: 'interaction.retry' })}>
          Try again
        </Button>
      </Screen>
    )
  }
  return (
    <Screen mark={mark} title={signInHeading(name)}>
      <Waiting message={screen === 'leaving' ? RETURNING : 'Please wait...'} />
    </Screen>
  )
}

/** /oidc/interaction/$uid: where the provider sends a browser that signs in to a service. */
export function ServiceSignInPage({ uid }: { uid: string }) {
  // Read once: the remembered username decides which field gets the focus.
  const [login] = useState(loginInput)
  const actor = useScreenActor(serviceSignInMachine, { input: { uid, login } })
  return actor ? <ServiceSignInView actor={actor} /> : null
}
