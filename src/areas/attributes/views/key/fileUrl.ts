const urls = new WeakMap<File, string>()

/**
 * A local URL to show a chosen file before it is uploaded; one per file, so the form and the
 * live demo show the same one. Undefined where the browser cannot make one (jsdom).
 */
export function fileUrl(file: File | null | undefined): string | undefined {
  if (!file || typeof URL.createObjectURL !== 'function') return undefined
  let url = urls.get(file)
  if (!url) {
    url = URL.createObjectURL(file)
    urls.set(file, url)
  }
  return url
}
