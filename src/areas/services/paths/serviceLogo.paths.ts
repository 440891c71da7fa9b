import {
  serviceLogoMachine,
  type LogoEvent,
  type ServiceLogoSnapshot,
} from '../machines/serviceLogo.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, refusal, savedService } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

export const logoService = aService({ hasLogo: true })
export const URL_SIGNED = `/v1/files/logo/${logoService.id}-medium?expires=1&signature=abc`
export const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
  type: 'image/png',
})

const events = [
  { type: 'xstate.done.actor.fetchLogoUrl', output: URL_SIGNED },
  { type: 'xstate.error.actor.fetchLogoUrl', error: refusal(404, 'This service has no logo.') },
  { type: 'logo.remove' },
  { type: 'xstate.done.actor.removeLogo', output: savedService(logoService, { hasLogo: false }) },
  { type: 'xstate.error.actor.removeLogo', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'image.drop', file: png },
  { type: 'image.dropRejected', message: 'Too many files' },
  { type: 'image.dropRejected', message: 'File type must be image/*' },
  { type: 'xstate.done.actor.upload', output: savedService(logoService, { hasLogo: true }) },
  {
    type: 'xstate.error.actor.upload',
    error: refusal(415, 'The image must be a PNG, JPEG, WebP or GIF file.'),
  },
] as unknown as LogoEvent[]

// As the Logo section reads the chart: the tag 'logo', the URL, 'fetching', and what it can do.
function shows(s: ServiceLogoSnapshot): string {
  const message = messageLine(s)
  if (!s.hasTag('logo'))
    return s.hasTag('busy')
      ? "'Drop Logo File Here' with 'Uploading…' and a progress bar"
      : `'Drop Logo File Here'; ${message}`
  const image = s.hasTag('fetching')
    ? 'a placeholder while the URL is read'
    : s.context.url
      ? 'the logo'
      : "'Logo unavailable'"
  const remove = s.can({ type: 'logo.remove' }) ? "'Remove Logo' is on" : "'Remove Logo' is off"
  return [image, remove, message].join('; ')
}

export const serviceLogoPaths = definePaths({
  name: 'A service with a logo',
  machine: serviceLogoMachine,
  events,
  input: { service: logoService },
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.hasLogo, s.context.url, s.context.error]),
  ),
  shows,
  detail: (event) =>
    event.type === 'image.drop'
      ? `(${event.file.name})`
      : event.type === 'image.dropRejected'
        ? `(“${event.message}”)`
        : undefined,
})

export const models = [serviceLogoPaths]
