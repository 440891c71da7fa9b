/** The 'Add Service' button and the New Service form it opens. Filled in by the detail work. */
export function AddService() {
  return null
}
