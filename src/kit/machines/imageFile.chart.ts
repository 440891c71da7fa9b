import type { EventObject } from 'xstate'
import { serverMessage } from './notification.messages'
import { quietOrFailed } from './settledOrFailed'

/**
 * The part of the chart the visage (visage.machine.ts) and a service's logo
 * (serviceLogo.machine.ts) share: no image, a drop zone for one image file, its upload. Each
 * machine spreads these states into its own chart and implements the named actions, guard and
 * actor they use (SPEC.md §4 'Visage', 'Service logo').
 */

export type ImageDropEvent =
  { type: 'image.drop'; file: File } | { type: 'image.dropRejected'; message: string }

/** What the upload actor (`upload`) is given. */
export type UploadInput = { ownerId: string; file: File }

type DropContext = { ownerId: string; file: File | null }

/**
 * What the named actions `keepFile`, `keepDropError` and `failed` keep, the same for every owner:
 * each machine names them in its `setup` (`keepFile: assign({ file: droppedFile })`), so XState
 * still infers the parameters of the owner's own actions.
 */
export const droppedFile = ({ event }: { event: EventObject }) =>
  isDrop(event) ? event.file : null

/** The drop zone's refusal (SPEC.md §8 'File-drop errors'), in words. */
export const dropRefusal = ({ event }: { event: EventObject }) =>
  isRejected(event) ? event.message : null

/** The server's refusal of the upload or the removal, in words; the file is let go. */
export const refusedFile = (_: unknown, error: unknown) => ({
  error: serverMessage(error),
  file: null,
})

/** A refusal of the server: `failed` with its error, then the owner's notice (`notify`). */
export const refusedWith = <const TNotify extends string>(notify: TNotify) =>
  [
    { type: 'failed', params: ({ event }: { event: { error: unknown } }) => event.error },
    notify,
  ] as const

const isDrop = (event: EventObject): event is Extract<ImageDropEvent, { type: 'image.drop' }> =>
  event.type === 'image.drop'
const isRejected = (
  event: EventObject,
): event is Extract<ImageDropEvent, { type: 'image.dropRejected' }> =>
  event.type === 'image.dropRejected'

/**
 * No image: the drop zone (`what` names it, 'Drop Image File Here'). Uses the guard `hasImage`
 * and the actions `keepFile` and `keepDropError`.
 */
export const absentState = (what: string) =>
  ({
    description: `No image: the drop zone '${what}'.`,
    // The owner may already have one when the screen opens.
    always: {
      guard: 'hasImage',
      target: 'present',
      description: 'There is an image already: the owner had one when the screen opened.',
    },
    ...quietOrFailed('ready', 'failed', {
      failed: 'The drop or the upload was refused; the message shows.',
    }),
    on: {
      'image.drop': {
        target: 'uploading',
        description: 'One image file was dropped or chosen.',
        actions: 'keepFile',
      },
      'image.dropRejected': {
        target: '.failed',
        description: 'The drop zone refused what was dropped (type, count).',
        actions: 'keepDropError',
      },
    },
  }) as const

/**
 * The upload: the actor `upload`, then `saved` (with its output), `notifyUploaded` and 'present';
 * or `failed` (with the error), `notifyNotUploaded` and the drop zone again with the message.
 * Enters with `clearError`.
 */
export const uploadingState = <TSaved>() =>
  ({
    description: 'The file goes to the server; the drop zone shows progress.',
    tags: ['busy'],
    entry: 'clearError',
    invoke: {
      id: 'upload',
      src: 'upload',
      // Only 'image.drop' enters this state, and it keeps the file.
      input: ({ context }: { context: DropContext }): UploadInput => ({
        ownerId: context.ownerId,
        file: context.file as File,
      }),
      onDone: {
        target: 'present',
        description: "Uploaded: 'Your visage was uploaded' (or the logo).",
        actions: [
          { type: 'saved', params: ({ event }: { event: { output: TSaved } }) => event.output },
          'notifyUploaded',
        ],
      },
      onError: {
        target: 'absent.failed',
        description: "Refused: 'Your visage was not uploaded: …' (or the logo), the message shows.",
        actions: refusedWith('notifyNotUploaded'),
      },
    },
  }) as const
