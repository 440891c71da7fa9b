import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../schema/service'
import { fetchServiceLogoUrl, removeServiceLogo, uploadServiceLogo } from '../data/api/services'
import { keptService } from '../data/db/services'
import { serverMessage } from './profile.messages'

type LogoContext = {
  serviceId: string
  hasLogo: boolean
  /** The file being uploaded. */
  file: File | null
  /** The signed URL of the medium-size logo, once fetched. */
  url: string | null
  /** A refused drop (SPEC.md §8 'File-drop errors') or the server's refusal, in words. */
  error: string | null
}

export type LogoEvent =
  | { type: 'logo.drop'; file: File }
  | { type: 'logo.dropRejected'; message: string }
  | { type: 'logo.remove' }

export type LogoInput = { service: Pick<Service, 'id' | 'hasLogo'> }

const uploadLogo = fromPromise<Service, { serviceId: string; file: File }>(({ input, signal }) =>
  keptService(uploadServiceLogo(input.serviceId, input.file, { signal })),
)

const removeLogo = fromPromise<Service, { serviceId: string }>(({ input, signal }) =>
  keptService(removeServiceLogo(input.serviceId, { signal })),
)

const fetchLogoUrl = fromPromise<string, { serviceId: string }>(({ input, signal }) =>
  fetchServiceLogoUrl(input.serviceId, 'medium', { signal }),
)

/**
 * A service's logo (SPEC.md §4 'Service logo: absent, uploaded, present, removed'): the drop zone
 * 'Drop Logo File Here' without one; with one, the image (read through a signed URL) and
 * 'Remove Logo'.
 */
export const serviceLogoMachine = setup({
  types: {
    context: {} as LogoContext,
    events: {} as LogoEvent,
    input: {} as LogoInput,
  },
  actors: { uploadLogo, removeLogo, fetchLogoUrl },
  guards: { hasLogo: ({ context }) => context.hasLogo },
}).createMachine({
  id: 'serviceLogo',
  description: 'Uploads, shows and removes the logo of a service.',
  context: ({ input }) => ({
    serviceId: input.service.id,
    hasLogo: input.service.hasLogo,
    file: null,
    url: null,
    error: null,
  }),
  initial: 'absent',
  states: {
    absent: {
      description: "No logo: the drop zone 'Drop Logo File Here'.",
      // The service may already have one when the pane opens.
      always: { guard: 'hasLogo', target: 'present' },
      initial: 'ready',
      states: {
        ready: { description: 'Nothing to report.' },
        failed: {
          description: 'The drop or the upload was refused; the message shows.',
          tags: ['error'],
        },
      },
      on: {
        'logo.drop': {
          target: 'uploading',
          description: 'One image file was dropped or chosen.',
          actions: assign({ file: ({ event }) => event.file }),
        },
        'logo.dropRejected': {
          target: '.failed',
          description: 'The drop zone refused what was dropped (type, count).',
          actions: assign({ error: ({ event }) => event.message }),
        },
      },
    },
    uploading: {
      description: 'The file goes to the server; the drop zone shows progress.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'uploadLogo',
        src: 'uploadLogo',
        // Only 'logo.drop' enters this state, and it sets the file.
        input: ({ context }) => ({ serviceId: context.serviceId, file: context.file as File }),
        onDone: {
          target: 'present',
          actions: assign({ hasLogo: ({ event }) => event.output.hasLogo, file: null }),
        },
        onError: {
          target: 'absent.failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error), file: null }),
        },
      },
    },
    present: {
      description: "The logo with 'Remove Logo'.",
      tags: ['logo'],
      initial: 'fetching',
      states: {
        fetching: {
          description: 'Asks the server for a signed URL of the medium-size logo.',
          tags: ['fetching'],
          entry: assign({ url: null }),
          invoke: {
            id: 'fetchLogoUrl',
            src: 'fetchLogoUrl',
            input: ({ context }) => ({ serviceId: context.serviceId }),
            onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output }) },
            onError: { target: 'unavailable' },
          },
        },
        shown: { description: 'The image shows from the signed URL.' },
        unavailable: { description: "No URL came: 'Logo unavailable' instead of the image." },
        failed: {
          description: "Removing failed; the logo stays, with the server's message.",
          tags: ['error'],
        },
      },
      on: {
        'logo.remove': {
          target: 'removing',
          description: 'Remove Logo was pressed.',
          actions: assign({ error: null }),
        },
      },
    },
    removing: {
      description: 'The server removes the logo; the button waits.',
      tags: ['logo', 'busy'],
      invoke: {
        id: 'removeLogo',
        src: 'removeLogo',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: {
          target: 'absent',
          actions: assign({ hasLogo: ({ event }) => event.output.hasLogo, url: null }),
        },
        onError: {
          target: 'present.failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
  },
})

export type ServiceLogoActor = ActorRefFrom<typeof serviceLogoMachine>
export type ServiceLogoSnapshot = SnapshotFrom<typeof serviceLogoMachine>
