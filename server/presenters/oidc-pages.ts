import { createHash } from 'node:crypto'

/**
 * The pages the OpenID provider shows a browser itself (docs/sso.md, "Pages"): the logout
 * confirmation, the signed-out page, errors, and the re-post of a cross-site form. Each is one
 * self-contained document in the console's look; its only inline style and script are allowed by
 * their hashes (docs/server-security.md), so no page needs 'unsafe-inline'.
 */

/** Where the console build's fonts are (console-fonts.ts); without a build the system's fonts. */
export interface PageFonts {
  body?: string
  bodyMedium?: string
  heading?: string
}

/** The pages' stylesheet and the CSP source that allows it. */
export interface PageStyle {
  css: string
  source: string
}

/** A service as a page shows it: its name, and its logo when it has one. */
export interface ServiceMark {
  name: string
  logoUrl: string | null
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** The CSP source that allows exactly this inline style or script. */
export const hashSource = (content: string) =>
  `'sha256-${createHash('sha256').update(content).digest('base64')}'`

const fontFace = (family: string, weight: number, url: string | undefined) =>
  url
    ? `@font-face{font-family:'${family}';font-weight:${weight};font-display:swap;src:url('${encodeURI(url)}') format('woff2')}`
    : ''

/**
 * The console's look in a few rules (src/views/app/theme.css): brand #008EAA with black text on
 * solid buttons (white on it is 3.85:1, black 5.4:1), Libre Franklin and Crete Round, Radix's
 * grays, light and dark. The card fills a 390 px screen less its margins.
 */
export function pageStyle(fonts: PageFonts): PageStyle {
  const css = [
    fontFace('Libre Franklin', 400, fonts.body),
    fontFace('Libre Franklin', 500, fonts.bodyMedium),
    fontFace('Crete Round', 400, fonts.heading),
    ':root{color-scheme:light dark;--bg:#f9f9fb;--card:#fff;--text:#1c2024;--muted:#60646c;--line:#d9d9e0;--accent:#00697f;--brand:#008eaa;--brand-hover:#0a9ab7}',
    '@media (prefers-color-scheme:dark){:root{--bg:#111113;--card:#18191b;--text:#edeef0;--muted:#b0b4ba;--line:#363a3f;--accent:#4ccce6;--brand-hover:#12a2c0}}',
    "*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;background:var(--bg);color:var(--text);font:1rem/1.5 'Libre Franklin',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
    'main{width:100%;max-width:26rem;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:2rem 1.5rem;display:flex;flex-direction:column;gap:1rem}',
    ".brand{margin:0;text-align:center;font-family:'Crete Round',Georgia,serif;color:var(--accent);font-size:1.125rem}",
    '.mark{align-self:center;width:72px;height:72px;border-radius:8px;border:1px solid var(--line);display:grid;place-items:center;overflow:hidden;font-size:2rem;font-weight:500;color:var(--muted)}.mark img{max-width:100%;max-height:100%;object-fit:contain}',
    "h1{margin:0;text-align:center;font:400 1.5rem/1.25 'Crete Round',Georgia,serif}p{margin:0}.note{color:var(--muted);font-size:.875rem}",
    '.actions{display:flex;flex-wrap:wrap;gap:.75rem}.actions>*{flex:1 1 10rem}',
    'button,.button{min-height:44px;padding:.5rem 1rem;border-radius:8px;font-family:inherit;font-size:1rem;font-weight:500;line-height:1.25;cursor:pointer;text-align:center;text-decoration:none;display:inline-flex;align-items:center;justify-content:center}',
    '.primary{background:var(--brand);color:#000;border:1px solid var(--brand)}.primary:hover{background:var(--brand-hover)}',
    '.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}',
    'a{color:var(--accent)}:focus-visible{outline:2px solid var(--accent);outline-offset:2px}code{overflow-wrap:anywhere}',
  ].join('')
  return { css, source: hashSource(css) }
}

/** One page: the document, the product's name, then the content. */
function page(style: PageStyle, title: string, content: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} – Gatehouse</title>
<style>${style.css}</style>
</head>
<body>
<main>
<p class="brand">Gatehouse</p>
${content}
</main>
</body>
</html>`
}

/** The service's logo, or its initial in a box as the console's sign-in page shows it. */
function mark(service: ServiceMark) {
  const inside = service.logoUrl
    ? `<img src="${escapeHtml(service.logoUrl)}" alt="${escapeHtml(`${service.name} logo`)}">`
    : `<span aria-hidden="true">${escapeHtml(service.name.slice(0, 1).toUpperCase())}</span>`
  return `<div class="mark">${inside}</div>`
}

export interface LogoutPage {
  /** The service that asked for the logout, when the request named one. */
  service?: ServiceMark
  /** Who is signed in, so the person knows which account ends. */
  email?: string
  /** The provider's form (its action and anti-forgery field); the buttons submit it. */
  form: string
}

/**
 * RP-initiated logout asks before it ends anything. 'Yes' ends the Gatehouse session and every
 * service's sign-in from it; 'No' keeps the Gatehouse session and signs out of the asking service
 * only (the provider's behaviour for a confirmation without `logout`).
 */
export function logoutPage(style: PageStyle, view: LogoutPage) {
  const service = view.service
  const who = view.email
    ? `<p>You are signed in as <strong>${escapeHtml(view.email)}</strong>.</p>`
    : ''
  const asked = service
    ? `<p><strong>${escapeHtml(service.name)}</strong> asked to sign you out.</p>`
    : ''
  const either = service
    ? `<p class="note">Either way, you are signed out of ${escapeHtml(service.name)}.</p>`
    : ''
  return page(
    style,
    'Sign out',
    `${service ? mark(service) : ''}
<h1>Sign out of Gatehouse?</h1>
${asked}
${who}
<p>Signing out of Gatehouse on this device also signs you out of every service you opened with it here.</p>
${view.form}
<div class="actions">
<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes" class="primary">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>
</div>
${either}`,
  )
}

/** After a logout that named no page of the service's to return to. */
export function signedOutPage(style: PageStyle, view: { service?: ServiceMark; home: string }) {
  const what = view.service
    ? `<p>You are signed out of ${escapeHtml(view.service.name)}. Your Gatehouse session stays open.</p>`
    : '<p>You are signed out of Gatehouse and of the services you opened with it on this device.</p>'
  return page(
    style,
    'Signed out',
    `${view.service ? mark(view.service) : ''}
<h1>You are signed out</h1>
${what}
<a class="button secondary" href="${escapeHtml(view.home)}">Go to Gatehouse</a>`,
  )
}

/** A protocol error the browser sees (no redirect to the service was possible). */
export function errorPage(
  style: PageStyle,
  view: { signOut: boolean; error: string; description?: string },
) {
  const heading = view.signOut
    ? 'The sign-out could not continue'
    : 'The sign-in could not continue'
  const description = view.description ? `: ${escapeHtml(view.description)}` : ''
  return page(
    style,
    heading,
    `<h1>${heading}</h1>
<p><code>${escapeHtml(view.error)}</code>${description}</p>
<p class="note">Go back to the service and try again. If it keeps happening, tell the service's administrators what this page says.</p>`,
  )
}

const REPOST_SCRIPT = 'document.forms[0].submit()'
/** The CSP source of the re-post page's one script. */
export const REPOST_SCRIPT_SOURCE = hashSource(REPOST_SCRIPT)

/**
 * A browser's cross-site form post arrives without the SameSite=Lax cookies that say who is
 * signed in; this page posts the same fields again from Gatehouse's own origin, which carries
 * them. Without scripts the person presses Continue.
 */
export function repostPage(style: PageStyle, action: string, fields: [string, string][]) {
  const inputs = fields
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n')
  return page(
    style,
    'Continue',
    `<h1>Continue to Gatehouse</h1>
<form method="post" action="${escapeHtml(action)}">
${inputs}
<button type="submit" class="primary">Continue</button>
</form>
<script>${REPOST_SCRIPT}</script>`,
  )
}
