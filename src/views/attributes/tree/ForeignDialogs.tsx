/*
 * The leaf dialogs another part of the editor builds (src/views/attributes/{key,demo,condition}),
 * in one place so that the tree's own tests can stand them in.
 */
export { AttributeKeyDialog } from '../key/AttributeKeyDialog'
export { KeyDemoDialog } from '../demo/KeyDemoDialog'
export { ConditionalDialog } from '../condition/ConditionalDialog'
