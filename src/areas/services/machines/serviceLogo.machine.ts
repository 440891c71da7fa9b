import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { Service } from '../../../../schema/service'
import {
  fetchServiceLogoUrl,
  removeServiceLogo,
  uploadServiceLogo,
} from '../../../data/api/services'
import { storeService } from '../../../data/db/services'
import {
  absentState,
  droppedFile,
  dropRefusal,
  refusedFile,
  refusedWith,
  uploadingState,
  type ImageDropEvent,
  type UploadInput,
} from '../../../kit/machines/imageFile.chart'
import { logoNotices } from './serviceLogo.messages'
import { notify } from '../../../kit/machines/system'

type LogoContext = {
  /** The service whose logo it is. */
  ownerId: string
  hasLogo: boolean
  /** The file being uploaded. */
  file: File | null
  /** The signed URL of the medium-size logo, once fetched. */
  url: string | null
  /** A refused drop (SPEC.md §8 'File-drop errors') or the server's refusal, in words. */
  error: string | null
}

export type LogoEvent = ImageDropEvent | { type: 'logo.remove' }

export type LogoInput = { service: Pick<Service, 'id' | 'hasLogo'> }

type Notice = { context: LogoContext }

/**
 * A service's logo (SPEC.md §4 'Service logo: absent, uploaded, present, removed'): the drop zone
 * 'Drop Logo File Here' without one; with one, the image (read through a signed URL) and
 * 'Remove Logo'. The drop and the upload are the chart it shares with the visage
 * (imageFile.chart.ts).
 */
export const serviceLogoMachine = setup({
  types: {
    context: {} as LogoContext,
    events: {} as LogoEvent,
    input: {} as LogoInput,
  },
  actors: {
    upload: fromPromise<Service, UploadInput>(({ input, signal }) =>
      uploadServiceLogo(input.ownerId, input.file, { signal }),
    ),
    removeLogo: fromPromise<Service, { serviceId: string }>(({ input, signal }) =>
      removeServiceLogo(input.serviceId, { signal }),
    ),
    fetchLogoUrl: fromPromise<string, { serviceId: string }>(({ input, signal }) =>
      fetchServiceLogoUrl(input.serviceId, 'medium', { signal }),
    ),
  },
  guards: { hasImage: ({ context }) => context.hasLogo },
  actions: {
    keepFile: assign({ file: droppedFile }),
    keepDropError: assign({ error: dropRefusal }),
    clearError: assign({ error: null }),
    failed: assign(refusedFile),
    // SPEC.md §7: the answer is stored in the Service table at once (a cache that cannot be
    // written is caught up by the sync).
    // A named action of its own, so a replay with effects stubbed (the Flows page) writes nothing.
    storeService: (_, service: Service) => void storeService(service).catch(() => undefined),
    saved: enqueueActions(({ enqueue }, service: Service) => {
      enqueue.assign({ hasLogo: service.hasLogo, file: null })
      enqueue({ type: 'storeService', params: service } as never)
    }),
    notifyUploaded: notify(logoNotices.uploaded),
    notifyNotUploaded: notify(({ context }: Notice) => logoNotices.notUploaded(context.error)),
    notifyRemoved: notify(logoNotices.removed),
    notifyNotRemoved: notify(({ context }: Notice) => logoNotices.notRemoved(context.error)),
  },
}).createMachine({
  id: 'serviceLogo',
  meta: { spec: ['§2.11', '§4.10', '§5.20'] },
  description: 'Uploads, shows and removes the logo of a service.',
  context: ({ input }) => ({
    ownerId: input.service.id,
    hasLogo: input.service.hasLogo,
    file: null,
    url: null,
    error: null,
  }),
  initial: 'absent',
  states: {
    absent: absentState('Drop Logo File Here'),
    uploading: uploadingState<Service>(),
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
            input: ({ context }) => ({ serviceId: context.ownerId }),
            onDone: {
              target: 'shown',
              description: 'The server sent a signed URL of the logo.',
              actions: assign({ url: ({ event }) => event.output }),
            },
            onError: {
              target: 'unavailable',
              description: 'The server sent no URL (no such file, or it failed).',
            },
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
          actions: 'clearError',
        },
      },
    },
    removing: {
      description: 'The server removes the logo; the button waits.',
      tags: ['logo', 'busy'],
      invoke: {
        id: 'removeLogo',
        src: 'removeLogo',
        input: ({ context }) => ({ serviceId: context.ownerId }),
        onDone: {
          target: 'absent',
          description: "The server removed the logo; a notice says 'The logo was removed'.",
          actions: [
            { type: 'saved', params: ({ event }) => event.output },
            assign({ url: null }),
            'notifyRemoved',
          ],
        },
        onError: {
          target: 'present.failed',
          description:
            "The server refused; a notice says 'The logo was not removed: …', and the message shows.",
          actions: refusedWith('notifyNotRemoved'),
        },
      },
    },
  },
})

export type ServiceLogoActor = ActorRefFrom<typeof serviceLogoMachine>
export type ServiceLogoSnapshot = SnapshotFrom<typeof serviceLogoMachine>
