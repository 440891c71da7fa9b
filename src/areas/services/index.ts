/** The services area's public face: what other areas may import (docs/architecture.md). */
export {
  serviceDescriptionEditor,
  serviceKeyEditor,
  serviceNameEditor,
  serviceUrlEditor,
  type ServiceEditorSpec,
  type ServiceTextField,
} from './machines/serviceEditors'
